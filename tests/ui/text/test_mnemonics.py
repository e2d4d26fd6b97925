"""Alt-key accelerators: no menu, window page or dialog has two on one letter, in English or German.

The real windows are walked, not the ``.ts`` file: a clash needs two texts shown together, and only
the widgets know which are (a menu's actions; the menu bar's titles beside the buttons of the page
shown, since both answer Alt+letter in one window; a dialog's buttons and labelled fields).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QMainWindow, QMenu, QTabWidget, QWidget

from patrician_qt.ui.text import language
from tests.ui.game_helpers import open_game, wait_for_human_or_end

DATA = Path(__file__).resolve().parents[2] / "data"


def accelerator(text: str) -> str:
    """The Alt+letter a text's ``&`` gives ("" for none; ``&&`` is a literal ampersand)."""
    return QKeySequence.mnemonic(text).toString(QKeySequence.SequenceFormat.PortableText)


def clashes(scope: str, texts: list[str]) -> list[str]:
    """"scope: Alt+X on 'a', 'b'" for every accelerator two texts of one scope share."""
    by_key: dict[str, list[str]] = defaultdict(list)
    for text in texts:
        key = accelerator(text)
        if key:
            by_key[key].append(text.split("\t")[0])
    return [f"{scope}: {key} on {', '.join(map(repr, found))}" for key, found in by_key.items() if len(found) > 1]


def widget_texts(root: QWidget) -> list[str]:
    """The texts of ``root`` and its shown children that can carry an accelerator (menus apart)."""
    out = []
    for w in [root, *root.findChildren(QWidget)]:
        if isinstance(w, QMenu) or (w is not root and not w.isVisibleTo(root)):
            continue
        if isinstance(w, QAbstractButton):
            out.append(w.text())
        elif isinstance(w, QLabel) and w.buddy() is not None:  # a label's & works only with a buddy
            out.append(w.text())
        elif isinstance(w, QGroupBox):
            out.append(w.title())
        elif isinstance(w, QTabWidget):
            out += [w.tabText(i) for i in range(w.count())]
    return out


def menu_clashes(scope: str, menu: QMenu) -> list[str]:
    """Clashes in one menu and, recursively, in its submenus."""
    actions = [a for a in menu.actions() if not a.isSeparator()]
    found = clashes(scope, [a.text() for a in actions])
    for a in actions:
        if a.menu() is not None:
            found += menu_clashes(f"{scope} ▸ {a.text()}", a.menu())
    return found


def window_clashes(scope: str, window: QMainWindow) -> list[str]:
    """Every menu of a window, and its menu bar titles together with the page shown."""
    bar = window.menuBar()
    titles = [a.text() for a in bar.actions()]
    found = clashes(f"{scope} (menu bar and page)", titles + widget_texts(window))
    for a in bar.actions():
        if a.menu() is not None:
            found += menu_clashes(f"{scope} ▸ {a.text()}", a.menu())
    return found


def all_menus_visited(window: QMainWindow) -> list[str]:
    """The menu bar's titles, to check the walk found the menus it should."""
    return [a.text().replace("&", "") for a in window.menuBar().actions()]


@pytest.fixture(params=["en", "de"])
def lang(request, qapp):
    assert language.install(request.param)
    yield request.param
    language.install("en")


def test_accelerator_reads_qt_mnemonics():
    assert accelerator("Zug &bestätigen") == "Alt+B"
    assert accelerator("Save && quit") == ""
    assert clashes("Zug", ["Auf Versetzen ü&berspringen", "Zug &bestätigen"]) == [
        "Zug: Alt+B on 'Auf Versetzen ü&berspringen', 'Zug &bestätigen'"]


def test_no_two_accelerators_on_one_letter_in_the_windows(qtbot, tmp_path, lang):
    from patrician_qt.ui.app.flow import AppController

    ctrl = AppController(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path)
    qtbot.addWidget(ctrl.window)
    ctrl.show()
    ctrl.lan  # the LAN controller adds the Table menu  # noqa: B018
    problems = window_clashes("start screen", ctrl.window)
    titles = all_menus_visited(ctrl.window)
    assert len(titles) == 5, titles  # Game, Turn, View, Table, Help

    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    problems += window_clashes("game", window)
    session.close()
    assert window.files.open_replay(DATA / "example-3p.patrician.json")
    problems += window_clashes("replay", window)
    window.page.replay_bar.last.click()  # the record's end: the score sheet over the board
    qtbot.waitUntil(window.score_sheet.isVisible, timeout=10_000)
    assert any("Partie" in t or "record" in t for t in widget_texts(window))
    problems += window_clashes("score sheet", window)
    assert not problems, "\n".join(problems)


def test_a_guests_score_sheet_shares_no_letter_with_the_menus(qtbot, tmp_path, lang):
    """A LAN guest's sheet offers "Leave the table" beside the Table menu: "Leave the &table" and
    "&Turn" (German "&Tisch verlassen" and "&Tisch") were both Alt+T."""
    from patrician_qt.ui.app.flow import AppController

    ctrl = AppController(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path)
    qtbot.addWidget(ctrl.window)
    ctrl.show()
    ctrl.lan  # the LAN controller adds the Table menu  # noqa: B018
    window = ctrl.window
    assert window.open_replay(DATA / "example-3p.patrician.json")
    window.page.replay_bar.last.click()
    qtbot.waitUntil(window.score_sheet.isVisible, timeout=10_000)
    window.score_sheet.offer(None, "…", leave=True)  # what the LAN game offers a guest at the end
    assert window.score_sheet.leave_button.isVisible()
    titles = [a.text() for a in window.menuBar().actions()]
    problems = clashes("guest's score sheet", titles + widget_texts(window))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("kind", ["new_game", "host", "join", "rules", "shortcuts", "about"])
def test_no_two_accelerators_on_one_letter_in_a_dialog(qtbot, lang, kind):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    if kind == "new_game":
        from patrician_qt.ui.app.new_game_dialog import NewGameDialog

        dlg: QWidget = NewGameDialog(None, window)
    elif kind == "host":
        from patrician_qt.ui.lan.host_dialog import HostDialog

        dlg = HostDialog(None, window)
    elif kind == "join":
        from patrician_qt.ui.lan.join_dialog import JoinDialog

        dlg = JoinDialog(None, window)
    elif kind == "rules":
        dlg = window.extras.open_rules()
    elif kind == "shortcuts":
        dlg = window.extras.show_shortcuts()
    else:
        dlg = window.extras.show_about()
    dlg.show()
    texts = widget_texts(dlg)
    assert texts, "the walk must see the dialog's buttons"
    problems = clashes(f"{kind} dialog", texts)
    dlg.close()
    session.close()
    assert not problems, "\n".join(problems)
