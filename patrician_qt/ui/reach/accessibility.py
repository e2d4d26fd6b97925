"""Screen-reader support: names and descriptions of the game page's controls, names on every control.

Board items are QGraphicsItems, which Qt does not expose to assistive technology; the board view's
name is the keyboard cursor's place, its description says how to hear more, and the whole board is
read on a key (``game_speech``). News is spoken by ``announcer``, never by changing the description
of a focused widget (that re-read the whole board at every change).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QLineEdit,
    QWidget,
)

from patrician_qt.ui.reach.board_words import city_text, plot_text  # noqa: F401 - also used from here
from patrician_qt.ui.text.plain import tip_text
from patrician_qt.ui.text.plural import counted

INPUT_TYPES = (QLineEdit, QComboBox, QAbstractSpinBox, QAbstractSlider, QAbstractItemView, QAbstractButton)

if TYPE_CHECKING:
    from patrician_qt.ui.reach.game_door import GameDoor


def _t(text: str) -> str:
    return QCoreApplication.translate("Access", text)


def announce(widget: QWidget, name: str | None = None, description: str | None = None) -> None:
    """Change a widget's accessible name/description only when it differs (Qt sends the one event itself)."""
    if name is not None and widget.accessibleName() != name:
        widget.setAccessibleName(name)
    if description is not None and widget.accessibleDescription() != description:
        widget.setAccessibleDescription(description)


class WindowAccess(QObject):
    """Keeps a game window's accessible names and descriptions current, without flooding speech."""

    def __init__(self, window: GameDoor) -> None:
        super().__init__(window.as_widget())
        self.window = window
        for view in (window.players_view, window.hand_view, window.log_view):
            view.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # reachable by Tab and F6, clicks keep the board's focus
        window.score_sheet.table.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.board_help_heard = False  # the board's help was read once this game (see refresh)
        window.board_view.installEventFilter(self)
        from patrician_qt.ui.reach.edge_speech import speak_edges

        speak_edges(window.hand_view, window.players_view, window.log_view, window.score_sheet.table)
        # One model change emits several signals; rebuilding the texts once per event-loop
        # turn keeps a new view's apply-and-repaint inside one frame (bench/ui.py).
        self._pending = QTimer(self)
        self._pending.setSingleShot(True)
        self._pending.setInterval(0)
        self._pending.timeout.connect(self.refresh)
        for signal in (
            window.board_model.dataChanged,
            window.board_model.modelReset,
            window.hand_model.dataChanged,
            window.hand_model.rowsInserted,
            window.hand_model.rowsRemoved,
            window.players_model.dataChanged,
            window.shown,
        ):
            signal.connect(self.schedule)
        self.refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The board loses the focus: its help has been read once (a screen reader reads the description at
        every focus, and the board gets the focus back after each dialog, hand-over and turn: 14–16 times a
        game); from now on it is read only by its name."""
        if event.type() == QEvent.Type.FocusOut and watched is self.window.board_view and not self.board_help_heard:
            self.board_help_heard = True
            announce(self.window.board_view, description="")  # not focused now: a screen reader says nothing
        return False

    def new_game(self) -> None:
        """A new game on the board: its help is read once more, the next time the board takes the focus."""
        self.board_help_heard = False
        self.refresh()

    def schedule(self, *_: object) -> None:
        """Rebuild the texts once the current burst of model signals is over."""
        self._pending.start()

    def names(self) -> list[str]:
        """The seats' names."""
        s = self.window.session
        return [x.name for x in s.seats()] if s is not None else []

    def board_description(self) -> str:
        """Every city in words, one per line, then the draw pile (read aloud on key I)."""
        names = self.names()
        from patrician_qt.ui.board.standing_text import panel_words  # who holds each tower (R20, R21)
        from patrician_qt.ui.reach.announcer import sentence

        lines = [city_text(p.row, names) + panel_words(p) for p in self.window.scene.panels.values() if p.row]
        lines.append(counted("Access", "Draw pile: %n card(s)", self.window.scene.deck.size))
        story = self.window.scene.story_box.words()  # "since your last turn" (ui/board/story_box.py)
        if story:
            lines.append(story)
        return "\n".join(sentence(line.strip()) for line in lines if line.strip())  # a pause after each city

    def city_description(self, city: str) -> str:
        """One city in full, as key I tells it (key C: the city under the cursor)."""
        from patrician_qt.ui.board.standing_text import panel_words
        from patrician_qt.ui.reach.announcer import sentence

        panel = self.window.scene.panels.get(city)
        if panel is None or not panel.row:
            return _t("No city here.")
        return sentence(city_text(panel.row, self.names()) + panel_words(panel))

    def scores_description(self) -> str:
        """Each player's score as far as the table shows it (R26): a score, or the tiles won, face down."""
        from patrician_qt.ui.board.players_model import PlayersModel

        pm = self.window.players_model
        parts = []
        for i in range(pm.rowCount()):
            idx = pm.index(i, 0)
            name = str(idx.data(PlayersModel.NameRole) or "")
            if idx.data(PlayersModel.HiddenRole):
                parts.append(counted("Access", "{name}: %n fame tile(s), face down.",
                                     int(idx.data(PlayersModel.TilesWonRole) or 0)).format(name=name))
            else:
                parts.append(_t("{name}: {score}, of which fame {fame}.").format(
                    name=name, score=idx.data(PlayersModel.ScoreRole), fame=idx.data(PlayersModel.FameRole)))
        return _t("Scores so far:") + " " + " ".join(parts) if parts else _t("No game on the table.")

    def refresh(self) -> None:
        """Names and descriptions of the game page's controls from what is shown now."""
        w = self.window
        if not w.board_view.accessibleName():
            w.board_view.setAccessibleName(_t("Board"))
        help_words = _t("Arrow keys move the cursor over plots and face-up cards; I reads the whole board, T says "
                        "what to do now")
        announce(w.board_view, description="" if self.board_help_heard else help_words)
        from patrician_qt.ui.board.hand_model import HandModel

        m = w.hand_model
        cards = []
        for i in range(m.rowCount()):
            idx = m.index(i, 0)
            mark = " (" + _t("playable") + ")" if idx.data(HandModel.LegalRole) else ""
            cards.append(f"{i + 1}: {idx.data(Qt.ItemDataRole.AccessibleTextRole)}{mark}")
        announce(w.hand_view, name=w.page.hand_title.text(),
                 description=", ".join(cards) if cards else _t("No cards in hand"))
        pm = w.players_model
        # each seat as the panel shows it: another player's tiles at a rulebook table only as a count (R26)
        from patrician_qt.ui.board.players_model import PlayersModel

        rows = [str(pm.index(i, 0).data(PlayersModel.SummaryRole) or "") for i in range(pm.rowCount())]
        announce(w.players_view, name=_t("Players"), description="\n".join(rows))
        if not w.log_view.accessibleName():
            w.log_view.setAccessibleName(_t("Game log"))
        name_buttons(w.as_widget())
        for widget in w.turn_bar.findChildren(QWidget):  # tooltips set before the filter saw them
            plain_description(widget)

    def cursor_moved(self, text: str) -> None:
        """The keyboard cursor moved on the board: its place becomes the board's name (spoken while focused)."""
        announce(self.window.board_view, name=text)


def name_buttons(root: QWidget) -> None:
    """Buttons showing only an icon or a symbol ("«", "▶") get their tooltip as accessible name: a speech
    synthesizer reads a symbol by its Unicode name, or not at all."""
    for b in root.findChildren(QAbstractButton):
        words = b.text().replace("&", "")
        if not b.accessibleName() and not any(c.isalnum() for c in words) and b.toolTip():
            b.setAccessibleName(tip_text(b.toolTip()))


def _clean(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip().rstrip(":").strip()


def _find(layout: QLayout, w: QWidget) -> tuple[QLayout, int, list[QLayout]] | None:
    """The layout holding ``w`` directly, its index there, and the chain of layouts above it."""
    for i in range(layout.count()):
        item = layout.itemAt(i)
        if item is None:
            continue
        if item.widget() is w:
            return layout, i, []
        sub = item.layout()
        if sub is not None:
            found = _find(sub, w)
            if found is not None:
                found[2].append(layout)
                return found
    return None


def _label_text(item: QLayoutItem | None) -> str:
    w = item.widget() if item is not None else None
    return _clean(w.text()) if isinstance(w, QLabel) and w.text() else ""


def label_of(w: QWidget) -> str:
    """What a sighted user reads as this control's label: form label, buddy, grid header, label before it."""
    parent = w.parentWidget()
    layout = parent.layout() if parent is not None else None
    found = _find(layout, w) if layout is not None else None
    if found is None:
        return ""
    holder, index, above = found
    if isinstance(holder, QFormLayout):
        label = holder.labelForField(w)
        return _clean(label.text()) if isinstance(label, QLabel) else ""
    if isinstance(holder, QGridLayout):
        # PySide6's stub says object; it returns (row, column, rowSpan, columnSpan)
        position: tuple[int, int, int, int] = holder.getItemPosition(index)  # type: ignore[assignment]
        row, col = position[0], position[1]
        head = _label_text(holder.itemAtPosition(0, col))
        first = _label_text(holder.itemAtPosition(row, 0)) if col else ""
        return " ".join(x for x in (head, first) if x)
    for i in range(index - 1, -1, -1):  # a label earlier in the same row or column
        text = _label_text(holder.itemAt(i))
        if text:
            return text
    for outer in above:  # else the label just before the row that holds it
        for i in range(outer.count()):
            item = outer.itemAt(i)
            sub = item.layout() if item is not None else None
            if sub is not None and (sub is holder or _find(sub, w)):
                for j in range(i - 1, -1, -1):
                    text = _label_text(outer.itemAt(j))
                    if text:
                        return text
                break
    return ""


def label_controls(root: QWidget) -> int:
    """Give every unnamed input and list in ``root`` the label a sighted user reads, and a button without text
    its tooltip; returns how many."""
    n = 0
    for w in root.findChildren(QWidget):
        if w.accessibleName() or not isinstance(w, INPUT_TYPES) or isinstance(w.parentWidget(), QComboBox):
            continue
        iface = QAccessible.queryAccessibleInterface(w)
        # a drop-down's own "name" is its current value ("Bot · Medium"): it still needs its label
        value_named = isinstance(w, QComboBox | QAbstractSpinBox)
        if not value_named and iface is not None and iface.text(QAccessible.Text.Name).strip():
            continue
        # a button is read by its own text; one without text yet gets it later (Rejoin, the privacy screen's
        # "I am Ben …"), and a name taken now from the label above it would stay and be read instead
        text = "" if isinstance(w, QAbstractButton) else label_of(w)
        if not text and isinstance(w, QLineEdit):
            text = w.placeholderText()
        if not text:
            text = tip_text(w.toolTip())
        if text:
            w.setAccessibleName(text)
            if value_named:
                give_buddy(w, text)
            n += 1
    return n


def give_buddy(w: QWidget, text: str) -> QLabel | None:
    """A label whose buddy is ``w``: on Linux Qt names a drop-down or spin box by its value and tells its
    label only through this relation ("labelled by"), which Orca reads. A visible label that already has
    ``w`` as its buddy is kept; otherwise a hidden one with the words a sighted user reads is added."""
    parent = w.parentWidget()
    if parent is None:
        return None
    for label in parent.findChildren(QLabel, options=Qt.FindChildOption.FindDirectChildrenOnly):
        if label.buddy() is w:
            return label
    label = QLabel(text, parent)
    label.setObjectName("AccessibleBuddy")
    label.setBuddy(w)
    label.hide()  # the screen reader reads it through the relation; the eye reads the grid's headers
    return label


class DialogLabeler(QObject):
    """Names the controls of every dialog when it is first shown (dialogs are built by other modules), and
    gives every widget whose tooltip changes a plain description."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """On Show of a dialog: label its controls."""
        if event.type() == QEvent.Type.ToolTipChange and isinstance(watched, QWidget):
            plain_description(watched)
        elif event.type() == QEvent.Type.Show and isinstance(watched, QDialog):
            prepare_access(watched)
        return False


def plain_description(w: QWidget) -> None:
    """A tooltip kept as rich text (``<p>…</p>``, so Qt shows it exactly) is also what Qt gives a screen
    reader as the description, and Orca read the tags aloud; the description gets the tooltip's words.
    A description set on purpose (not from a tooltip) is left alone."""
    tip = w.toolTip()
    mine = w.property("_descriptionFromTip")
    if w.accessibleDescription() and w.accessibleDescription() != mine:
        return
    words = tip_text(tip) if tip else ""
    if words == tip and not mine:
        return  # plain already: Qt reads it as it is
    w.setProperty("_descriptionFromTip", words)
    if w.accessibleDescription() != words:
        w.setAccessibleDescription(words)


def prepare_access(dialog: QDialog) -> None:
    """Once per dialog: its controls get the labels a sighted user reads, and its drop-downs speak their
    values (done when it is first shown, or earlier for a dialog made ahead)."""
    if dialog.property("_labelled"):
        return
    dialog.setProperty("_labelled", True)
    label_controls(dialog)
    from patrician_qt.ui.reach.value_speech import speak_value_changes

    speak_value_changes(dialog)


def install_dialog_labeler() -> None:
    """Once per application: every dialog's controls get names when shown."""
    app = QApplication.instance()
    if app is None or app.property("_dialog_labeler"):
        return
    labeler = DialogLabeler(app)
    app.installEventFilter(labeler)
    app.setProperty("_dialog_labeler", True)


INTERACTIVE_ROLES = {
    QAccessible.Role.PushButton, QAccessible.Role.CheckBox, QAccessible.Role.RadioButton,
    QAccessible.Role.ComboBox, QAccessible.Role.EditableText, QAccessible.Role.SpinBox, QAccessible.Role.Slider,
    QAccessible.Role.List, QAccessible.Role.Table, QAccessible.Role.Tree, QAccessible.Role.MenuItem,
    QAccessible.Role.ButtonMenu, QAccessible.Role.ButtonDropDown, QAccessible.Role.Link,
    QAccessible.Role.PageTab, QAccessible.Role.Graphic, QAccessible.Role.Canvas,
}


def unnamed_controls(root: QWidget, include_hidden: bool = False) -> list[str]:
    """Interactive elements in ``root``'s accessibility tree that have no name (should be none)."""
    out: list[str] = []
    start = QAccessible.queryAccessibleInterface(root)
    stack = [start] if start is not None else []
    seen = 0
    while stack and seen < 20000:
        iface = stack.pop()
        seen += 1
        if iface is None or not iface.isValid():
            continue
        state = iface.state()
        if state.invisible and not include_hidden:
            continue
        role = iface.role()
        if role in INTERACTIVE_ROLES and not iface.text(QAccessible.Text.Name).strip():
            obj = iface.object()
            label = f"{type(obj).__name__}:{obj.objectName()}" if obj is not None else "?"
            out.append(f"{role.name} {label}")
        if role in (QAccessible.Role.List, QAccessible.Role.Table, QAccessible.Role.Tree, QAccessible.Role.ComboBox):
            continue  # items of item views (and a combo box's own popup) are named by their model
        stack.extend(iface.child(i) for i in range(iface.childCount()))
    return out
