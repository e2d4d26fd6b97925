"""Press keys the way a person does, through AT-SPI's device controller (XTest), so Orca hears them too.

Run with Debian's python3 (python3-gi, gir1.2-atspi-2.0 come with python3-pyatspi): one key per line on
stdin ("Return", "1", "ctrl+n", "shift+F6"), answered with "ok" per key on stdout.
"""

import sys
import time

import gi

gi.require_version("Atspi", "2.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Atspi, Gdk  # noqa: E402

MODIFIERS = {"ctrl": "Control_L", "shift": "Shift_L", "alt": "Alt_L"}


def keysym(name: str) -> int:
    """The X keysym of a key name ("Return", "F6", "a", "1")."""
    value = Gdk.keyval_from_name(name)
    if not value or value == 0xFFFFFF:
        raise ValueError(f"unknown key {name!r}")
    return value


def keycode(sym: int) -> int:
    """The keyboard's key code for a keysym (modifiers are held by key code)."""
    keymap = Gdk.Keymap.get_for_display(Gdk.Display.get_default())
    ok, keys = keymap.get_entries_for_keyval(sym)
    if not ok or not keys:
        raise ValueError(f"no key for keysym {sym:#x}")
    return keys[0].keycode


def press(combo: str) -> None:
    """Press and release a key with its modifiers."""
    *mods, key = combo.split("+")
    held = [keycode(keysym(MODIFIERS[m.lower()])) for m in mods]
    for code in held:
        Atspi.generate_keyboard_event(code, None, Atspi.KeySynthType.PRESS)
    Atspi.generate_keyboard_event(keycode(keysym(key)), None, Atspi.KeySynthType.PRESSRELEASE)
    for code in reversed(held):
        Atspi.generate_keyboard_event(code, None, Atspi.KeySynthType.RELEASE)


def main() -> None:
    """Read keys from stdin until it closes."""
    Atspi.init()
    for line in sys.stdin:
        combo = line.strip()
        if combo:
            press(combo)
            time.sleep(0.02)
        print("ok", flush=True)


if __name__ == "__main__":
    main()
