"""Why a save, autosave or record cannot be used, in one sentence that names the file.

Why: a broken file reaches the app through Load, Replay, Continue and the hosted game's
autosave, and whatever the reader raised — its own clear error, or a raw one from a byte that
is not UTF-8 or JSON nested a hundred thousand deep — the person must read which file it is
and what is wrong with it, never a traceback. The readers' own errors
(``SaveError``, ``RecordError``) already say what is wrong; raw ones are put in words here.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QCoreApplication


def _t(text: str) -> str:
    return QCoreApplication.translate("FileProblem", text)


def _causes(exc: BaseException) -> list[BaseException]:
    """The error and what it was raised from or while handling (readers re-raise JSON's errors as their own)."""
    chain: list[BaseException] = []
    node: BaseException | None = exc
    while node is not None and len(chain) < 5:
        chain.append(node)
        node = node.__cause__ or node.__context__
    return chain


def what_is_wrong(exc: BaseException) -> str:
    """The problem itself: the reader's own words, or the raw error under them said in words."""
    for e in _causes(exc):
        if isinstance(e, UnicodeDecodeError):
            return _t("byte {n} is not UTF-8 text").format(n=e.start)
        if isinstance(e, RecursionError):
            return _t("it is nested too deeply to be a Patrician file")
        if isinstance(e, json.JSONDecodeError):
            return _t("it is not valid JSON (line {line}, column {column})").format(line=e.lineno, column=e.colno)
        if isinstance(e, MemoryError):
            return _t("it is too large to be a Patrician file")
    if isinstance(exc, OSError):
        return exc.strerror or str(exc) or exc.__class__.__name__
    return str(exc).strip() or exc.__class__.__name__


def file_problem(path: Path | str, exc: BaseException) -> str:
    """"<file>: <what is wrong>" (the reader's message as it is when it already names the file)."""
    name = Path(path).name
    what = what_is_wrong(exc)
    if name and name in what:
        return what
    return f"{name}: {what}"  # the same in every language
