"""Fitting the window to the screen it is on, at any display scale.

Why: at 200 % on a 1920×1080 screen (960×540 logical pixels) or 150 % on a 1366×768 laptop (about
910×510) the window used to open at 1280×720 logical pixels and could not shrink below about 810×660,
so its bottom (Quit, the log, the prompt) was off the screen. On a short screen the start screen drops
its row of coats of arms and tightens its buttons, and the players list may scroll instead of growing
the window; the window opens no larger than the screen's free area.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

SHORT_SCREEN_PX = 700  # logical pixels of free height below which the pages are laid out compactly
TITLE_ROOM_PX = 40  # what a window manager's title bar and frame may take (logical pixels, generous)
FRAME_ROOM_PX = 8  # the frame's left and right borders


def free_area(widget: QWidget | None = None) -> QRect:
    """The free area (without panels and docks) of the widget's screen, else of the primary screen."""
    screen = widget.screen() if widget is not None else None
    screen = screen or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1920, 1080)


def short_screen(widget: QWidget | None = None) -> bool:
    """Whether the screen is too short for the roomy layout (the pages use their compact form)."""
    return free_area(widget).height() < SHORT_SCREEN_PX


def fitting_size(window: QWidget, wanted: QSize) -> QSize:
    """``wanted`` made small enough for the window and its frame to lie on the free area (never below the
    window's minimum size). The screen-less platforms (offscreen, minimal: pictures and tests) have only
    a nominal screen, so they get ``wanted`` as it is."""
    if QGuiApplication.platformName() in ("offscreen", "minimal"):
        return wanted
    area = free_area(window)
    room = QSize(area.width() - FRAME_ROOM_PX, area.height() - TITLE_ROOM_PX)
    return wanted.boundedTo(room).expandedTo(window.minimumSizeHint())


def moved_inside(frame: QRect, area: QRect) -> QPoint:
    """Where ``frame`` goes to lie on ``area``, moved as little as needed (a frame larger than the area keeps
    its top-left corner on it): a window manager may place a window that just fits a few pixels off."""
    x = min(max(frame.x(), area.x()), area.x() + max(0, area.width() - frame.width()))
    y = min(max(frame.y(), area.y()), area.y() + max(0, area.height() - frame.height()))
    return QPoint(x, y)


def keep_on_screen(window: QWidget) -> None:
    """Move a shown window whose frame leaves its screen's free area back onto it (not on the screen-less
    platforms, whose screen is nominal)."""
    if QGuiApplication.platformName() in ("offscreen", "minimal") or not window.isVisible():
        return
    frame = window.frameGeometry()
    place = moved_inside(frame, free_area(window))
    if place != frame.topLeft():
        window.move(place)
