"""The app's language: English or German, from the system locale or the View ▸ Language menu, switched live.

Translations are Qt ``.qm`` files compiled from ``resources/translations/patrician_<lang>.ts``
(English's holds only the singular and plural forms of counts).
Switching swaps the installed QTranslator and then re-translates every widget text that came
from ``tr()`` (found through the ``.ts`` file, so no window needs its own retranslate code);
texts built from live data are re-rendered by the windows listening to ``notifier.changed``.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QSettings, QTranslator, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabWidget,
    QWidget,
)

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}  # endonyms: never translated
SETTING = "ui/language"


def translations_dir() -> Path:
    """Where the ``.ts`` sources and compiled ``.qm`` files live (shipped with the package)."""
    try:
        return Path(str(resources.files("patrician_qt.resources").joinpath("translations")))
    except ModuleNotFoundError:  # not installed: the folder at the top of the clone
        return Path(__file__).resolve().parents[3] / "resources" / "translations"


def ts_path(code: str) -> Path:
    """The Qt Linguist source for a language."""
    return translations_dir() / f"patrician_{code}.ts"


def qm_path(code: str) -> Path:
    """The compiled translation for a language."""
    return translations_dir() / f"patrician_{code}.qm"


def system_language() -> str:
    """The supported language closest to the system's UI languages (English when none fits)."""
    for name in [*QLocale.system().uiLanguages(), QLocale.system().name()]:
        code = name.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def chosen_language(settings: QSettings | None) -> str:
    """The language in the settings, or the system's when none was chosen."""
    code = str(settings.value(SETTING, "") or "") if settings is not None else ""
    return code if code in LANGUAGES else system_language()


class _Notifier(QObject):
    """Tells windows that the language changed, so they re-render texts built from data."""

    changed = Signal(str)


notifier = _Notifier()
_state: dict[str, object] = {"code": "en", "translators": []}


def current_language() -> str:
    """The language now installed ("en" or "de")."""
    return str(_state["code"])


def install(code: str) -> bool:
    """Install the translators for ``code``; False when its ``.qm`` is missing.

    English is the source language, but its catalogue holds the singular and plural forms of every
    count ("1 floor", "2 floors"); without it English would read "1 floor(s)", never wrong words.
    """
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("install a language after the QApplication exists")
    for old in list(_state["translators"]):  # type: ignore[call-overload]
        app.removeTranslator(old)
    _state["translators"] = []
    _state["code"] = "en"
    if code not in LANGUAGES:
        raise ValueError(f"unsupported language {code!r}")
    if code == "en":
        plurals = QTranslator(app)
        if plurals.load(str(qm_path("en"))):
            app.installTranslator(plurals)
            _state["translators"] = [plurals]
        return True
    ours = QTranslator(app)
    if not ours.load(str(qm_path(code))):
        return False
    qt_base = QTranslator(app)  # Qt's own words (OK, Cancel, Yes …) when the wheel ships them
    base_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    loaded = [ours]
    if qt_base.load(f"qtbase_{code}", base_dir):
        loaded.append(qt_base)
    for t in loaded:
        app.installTranslator(t)
    _state["translators"] = loaded
    _state["code"] = code
    return True


def switch(code: str, settings: QSettings | None = None) -> bool:
    """Change the language now: new translators, every window's texts re-translated, listeners told."""
    before = current_language()
    if not install(code):
        install(before)
        return False
    if settings is not None:
        settings.setValue(SETTING, code)
    if code != before:
        for top in QApplication.topLevelWidgets():
            retranslate_tree(top, before)
        notifier.changed.emit(code)
    return True


# -- re-translating widget texts ---------------------------------------------------------------------


@cache
def catalogue(code: str) -> tuple[dict[tuple[str, str], str], dict[str, list[tuple[str, str]]]]:
    """From a ``.ts`` file: (context, source) → translation, and translation → [(context, source)]."""
    forward: dict[tuple[str, str], str] = {}
    back: dict[str, list[tuple[str, str]]] = {}
    path = ts_path(code)
    if not path.is_file():
        return forward, back
    import xml.etree.ElementTree as ET  # only when switching languages live, not at every start

    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for msg in ctx.iter("message"):
            if msg.get("numerus") == "yes":
                continue  # counts are built from data, and re-rendered after a switch, never looked up
            src = msg.findtext("source") or ""
            tr = msg.findtext("translation") or ""
            if tr:
                forward[(name, src)] = tr
                back.setdefault(tr, []).append((name, src))
    return forward, back


def _sources(text: str, old: str) -> list[tuple[str, str]]:
    """The (context, source) pairs that could have produced ``text`` in language ``old``."""
    if old == "en":
        fwd, _ = catalogue("de")
        return [(ctx, src) for (ctx, src) in fwd if src == text] or [("", text)]
    _, back = catalogue(old)
    return back.get(text, [])


def retranslate_text(text: str, old: str, classes: list[str]) -> str | None:
    """``text`` (shown in language ``old``) in the installed language, or None when it is not a known string."""
    if not text:
        return None
    found = _sources(text, old)
    if not found:
        return None
    ctx, src = next(((c, s) for c, s in found if c in classes), found[0])
    if not ctx:
        fwd, _ = catalogue("de")
        ctx = next((c for (c, s) in fwd if s == src), "")
        if not ctx:
            return None
    return QCoreApplication.translate(ctx, src)


def _classes(obj: QObject) -> list[str]:
    out: list[str] = []
    while obj is not None:
        meta = obj.metaObject()
        while meta is not None:
            out.append(meta.className())
            meta = meta.superClass()
        out.append(type(obj).__name__)
        obj = obj.parent()
    return out


def _redo(getter: object, setter: object, old: str, classes: list[str]) -> None:
    new = retranslate_text(getter(), old, classes)  # type: ignore[operator]
    if new is not None:
        setter(new)  # type: ignore[operator]


def retranslate_tree(root: QWidget, old: str) -> None:
    """Re-translate the texts of ``root``, its children and their actions that came from ``tr()``."""
    widgets = [root, *root.findChildren(QWidget)]
    actions: set[QAction] = set(root.findChildren(QAction))
    for w in widgets:
        cls = _classes(w)
        _redo(w.windowTitle, w.setWindowTitle, old, cls)
        _redo(w.toolTip, w.setToolTip, old, cls)
        _redo(w.accessibleName, w.setAccessibleName, old, cls)
        _redo(w.accessibleDescription, w.setAccessibleDescription, old, cls)
        if isinstance(w, QLabel | QAbstractButton):
            _redo(w.text, w.setText, old, cls)
        if isinstance(w, QGroupBox):
            _redo(w.title, w.setTitle, old, cls)
        if isinstance(w, QLineEdit):
            _redo(w.placeholderText, w.setPlaceholderText, old, cls)
        if isinstance(w, QMenu):
            _redo(w.title, w.setTitle, old, cls)
        if isinstance(w, QComboBox):
            for i in range(w.count()):
                _redo(lambda i=i, w=w: w.itemText(i), lambda t, i=i, w=w: w.setItemText(i, t), old, cls)
        if isinstance(w, QTabWidget):
            for i in range(w.count()):
                _redo(lambda i=i, w=w: w.tabText(i), lambda t, i=i, w=w: w.setTabText(i, t), old, cls)
        actions.update(w.actions())
    for a in actions:
        cls = _classes(a)
        _redo(a.text, a.setText, old, cls)
        _redo(a.toolTip, a.setToolTip, old, cls)


class _LanguageGroup(QActionGroup):
    """The Language submenu's choices; a QObject so its connection ends with it."""

    def follow(self, code: str) -> None:
        """Check the language now installed."""
        for act in self.actions():
            act.setChecked(act.data() == code)


def add_language_menu(menu: QMenu, settings: QSettings | None) -> QMenu:
    """A Language submenu (endonyms, one checked) that switches at once."""
    sub = menu.addMenu(QCoreApplication.translate("Language", "&Language"))
    group = _LanguageGroup(sub)
    for code, name in LANGUAGES.items():
        act = QAction(name, sub, checkable=True)
        act.setData(code)
        act.setChecked(code == current_language())
        act.triggered.connect(lambda checked=False, c=code: switch(c, settings))
        group.addAction(act)
        sub.addAction(act)
    notifier.changed.connect(group.follow)
    return sub
