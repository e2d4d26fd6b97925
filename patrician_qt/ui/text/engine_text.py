"""The engine's refusals (English, Qt-free) told in the app's language, keeping the rule number.

The engine names the rule and says why in fixed English sentences (``TurnBuilder.explain``,
``IllegalTurn``). Each sentence shape is matched here and re-told with a translated template
(context "Engine"), so a German player reads German while the engine stays English.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from patrician_qt.ui.text.card_names import capitalized, card_name, name_codes
from patrician_qt.ui.text.plural import counted

RULE_RE = re.compile(r"^(R\d{1,2}):\s*(.*)$", re.S)
#: a rule named inside a sentence, as the app's own messages do at its end: "… (R9)", "… (R13); then … (R14)"
RULE_INSIDE_RE = re.compile(r"\((R\d{1,2}a?)[),:]")


def _t(text: str) -> str:
    return QCoreApplication.translate("Engine", text)


# (English sentence as the engine writes it, as a regex) → translated template with the same fields, from the
# matched fields (a count picks its singular or plural form by its number).
_PATTERNS: list[tuple[re.Pattern[str], Callable[[dict[str, str]], str]]] = [
    (re.compile(r"^the turn is complete: confirm it or undo a step$"),
     lambda g: _t("the turn is complete: confirm it or undo a step")),
    (re.compile(r"^(?P<card>\S+) is not in your hand$"), lambda g: _t("{card} is not in your hand")),
    (re.compile(r"^choose plot A or B$"), lambda g: _t("choose plot A or B")),
    (re.compile(r"^the last floor of (?P<city>\w+) must go on the empty plot (?P<plot>[AB])$"),
     lambda g: _t("the last floor of {city} must go on the empty plot {plot}")),
    (re.compile(r"^the last floor of (?P<city>\w+) must go on the empty plot$"),
     lambda g: _t("the last floor of {city} must go on the empty plot")),
    (re.compile(r"^choose a tower to move the top floor from, or skip$"),
     lambda g: _t("choose a tower to relocate the top floor from, or skip the relocation")),
    (re.compile(r"^you may not relocate in (?P<city>\w+), the city you just built in$"),
     lambda g: _t("you may not relocate in {city}, the city you just built in")),
    (re.compile(r"^(?P<city>\w+) is already scored$"), lambda g: _t("{city} is already scored")),
    (re.compile(r"^you have no floor in (?P<city>\w+)$"), lambda g: _t("you have no floor in {city}")),
    (re.compile(r"^there is no floor to move on plot (?P<plot>[AB]) of (?P<city>\w+)$"),
     lambda g: _t("there is no floor to relocate on plot {plot} of {city}")),
    (re.compile(r"^plot (?P<plot>[AB]) of (?P<city>\w+) is empty$"), lambda g: _t("plot {plot} of {city} is empty")),
    (re.compile(r"^there is no face-up card at (?P<city>\S+)$"), lambda g: _t("there is no face-up card at {city}")),
    (re.compile(r"^you take the card at (?P<city>\w+), the city you built in \(R15: only take-any cards allow "
                r"another\)$"),
     lambda g: _t("you take the card at {city}, the city you built in (R15: only take-any cards allow another)")),
    (re.compile(r"^you must take the card at (?P<city>\w+), the city you built in \(only a take-any card allows "
                r"another\)$"),
     lambda g: _t("you must take the card at {city}, the city you built in (only a take-any card allows another)")),
    (re.compile(r"^(?P<city>\S+) has no card to take$"), lambda g: _t("{city} has no card to take")),
    (re.compile(r"^the game is over$"), lambda g: _t("the game is over")),
    (re.compile(r"^you have (?P<n>\d+) floor\(s\) left, so this card builds (?P<want>\d+) in (?P<city>\w+)$"),
     lambda g: counted("Engine", "you have %n floor(s) left, so this card builds {want} in {city}", int(g["n"]))),
    (re.compile(r"^(?P<city>\w+) has only (?P<n>\d+) floor\(s\) left, so this card builds (?P<want>\d+)$"),
     lambda g: counted("Engine", "{city} has only %n floor(s) left, so this card builds {want}", int(g["n"]))),
    (re.compile(r"^the (?P<city>\w+) card (?P<card>\S+) builds (?P<want>\d+) floor\(s\) in \w+, not (?P<n>\d+)$"),
     lambda g: counted("Engine", "{card} builds %n floor(s) in {city}, not {n}", int(g["want"]))),
    (re.compile(r"^only a relocate card lets you move a floor; (?P<card>\S+) is not one$"),
     lambda g: _t("only a relocate card lets you relocate a floor; {card} is not one")),
    (re.compile(r"^(?P<city>\S+) is not a city in play$"), lambda g: _t("{city} is not a city in play")),
    (re.compile(r"^no face-up card is left, so nothing can be taken$"),
     lambda g: _t("no face-up card is left, so nothing can be taken")),
    (re.compile(r"^you must take a face-up card$"), lambda g: _t("you must take a face-up card")),
    (re.compile(r"^a card builds at most 2 floors$"), lambda g: _t("a card builds at most 2 floors")),
]


def split_rule(message: str) -> tuple[str, str]:
    """("R13", "the rest") from "R13: the rest"; ("", message) when no rule is named."""
    m = RULE_RE.match(message.strip())
    return (m.group(1), m.group(2)) if m else ("", message.strip())


def named_rule(message: str) -> str:
    """The first rule a message names, at its start ("R13: …") or in brackets ("… (R13)"); "" for none."""
    found, _rest = split_rule(message)
    if found:
        return found
    m = RULE_INSIDE_RE.search(message)
    return m.group(1) if m else ""


def translate_reason(reason: str) -> str:
    """One engine sentence (without its rule number) in the app's language; unknown shapes stay as they are."""
    for pattern, template in _PATTERNS:
        m = pattern.match(reason)
        if m:
            fields = m.groupdict()
            text = template(fields)
            if "card" in fields:  # players know a card by its city and caption, not its record code
                fields["card"] = card_name(fields["card"])
            return text.format(**fields)
    return name_codes(reason)


def translate_refusal(message: str, rule: str = "") -> tuple[str, str]:
    """(rule, text) for an engine refusal such as "R13: you have no floor in Roma", in the app's language.

    ``text`` leads with words and names the rule after them ("You have no floor in Roma (R13)"): a
    newcomer reads what to do first, the number is for looking it up (the rule button opens it). The
    first letter is capitalised after the card and city names are filled in, so a sentence that starts
    with a card's name starts with a capital too ("Die Lucca-Karte …").
    """
    found, reason = split_rule(message)
    rule = rule or found or named_rule(message)
    text = capitalized(translate_reason(reason))
    if rule and not re.search(r"\b" + re.escape(rule) + r"\b", text):
        text = f"{text} ({rule})"
    return rule, text
