"""A window the window manager placed a few pixels off a short screen is moved back onto it."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect

from patrician_qt.ui.board.screen_fit import moved_inside


def test_a_frame_that_only_just_fits_is_moved_up_onto_the_free_area():
    # 150 % on a 1366×768 laptop: the free area is 911×512, the window's frame at its minimum 812×502,
    # and openbox put it at y=12 (its bottom two pixels off the screen)
    assert moved_inside(QRect(2, 12, 812, 502), QRect(0, 0, 911, 512)) == QPoint(2, 10)


def test_a_frame_on_the_area_stays_where_it_is():
    assert moved_inside(QRect(40, 30, 800, 400), QRect(0, 0, 1920, 1050)) == QPoint(40, 30)


def test_a_frame_larger_than_the_area_keeps_its_top_left_corner_on_it():
    assert moved_inside(QRect(-30, -5, 2000, 1200), QRect(0, 24, 1920, 1056)) == QPoint(0, 24)
