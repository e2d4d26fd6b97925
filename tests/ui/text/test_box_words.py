"""The words a player reads, against the German guides and plain English: each test catches one kind of
slip over every text of its kind (the catalogues, the rules window, the dialogs), not only the one found.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

from patrician_qt.ui.reach import rules_text
from patrician_qt.ui.text import language
from patrician_qt.ui.text.card_names import CODE_RE
from tests.ui.text.test_wording import german_rules_texts, messages

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(params=["en", "de"])
def lang(request, qapp):
    assert language.install(request.param)
    yield request.param
    language.install("en")


def english_texts() -> list[tuple[str, str]]:
    """(where, text) of every English text: the catalogue's sources and counts, the rules window."""
    out = [(f"{m.context}: {m.source!r}", m.source) for m in messages("de")]
    out += [(f"{m.context}: {m.source!r}", form) for m in messages("en") for form in m.forms]
    out += [(f"rules {where}", en) for where, en, _de in german_rules_texts()]
    return out


def german_texts() -> list[tuple[str, str]]:
    """(where, text) of every German text: the catalogue's translations and the rules window."""
    out = [(f"{m.context}: {m.source!r}", form) for m in messages("de") for form in m.forms]
    out += [(f"rules {where}", de) for where, _en, de in german_rules_texts()]
    return out


# -- counts ---------------------------------------------------------------------------------------------

#: words that speak of several things: a count's singular (one card) must not use them
SEVERAL = {"en": re.compile(r"\b(the others|the top one|the top card first|below it)\b"),
           "de": re.compile(r"\b(die anderen|die oberste|zuerst|darunter)\b")}


def test_a_counts_singular_speaks_of_one_thing():
    """"1 card played. You see the top one; the others below it …" cannot come back in either language."""
    wrong = []
    for lang in ("en", "de"):
        for m in messages(lang):
            if m.numerus and SEVERAL[lang].search(m.forms[0]):
                wrong.append(f"{lang} {m.context}: {m.forms[0]!r}")
    assert not wrong, "a singular that speaks of several:\n" + "\n".join(wrong)


def test_a_singular_drops_what_english_drops():
    """Where English's singular leaves out a clause its plural has, German's singular does too."""
    english = {(m.context, m.source): m.forms for m in messages("en") if m.numerus}
    wrong = []
    for m in messages("de"):
        en = english.get((m.context, m.source))
        if not m.numerus or en is None:
            continue
        dropped_en = len(en[1].split()) - len(en[0].split())
        dropped_de = len(m.forms[1].split()) - len(m.forms[0].split())
        if dropped_en >= 2 and dropped_de < 2:
            wrong.append(f"{m.context}: {en[0]!r} but {m.forms[0]!r}")
    assert not wrong, "\n".join(wrong)


def test_no_count_is_a_number_drawn_beside_a_fixed_plural():
    """A lone plural noun ("cards left") sits beside a number the code draws apart: "1 cards left"."""
    lone = re.compile(r"^(cards|floors|tiles|seats|players|games|turns|points|heads)( left| more| played| won)?$")
    found = [f"{m.context}: {m.source!r}" for m in messages("de") if not m.numerus and lone.match(m.source)]
    assert not found, "draw the count with its noun through %n:\n" + "\n".join(found)


@pytest.mark.parametrize(("n", "expected"), [(1, {"en": "card left", "de": "Karte übrig"}),
                                             (2, {"en": "cards left", "de": "Karten übrig"})])
def test_the_draw_pile_says_its_count_and_noun_together(lang, n, expected):
    from patrician_qt.ui.board.board_items import DeckItem

    deck = DeckItem()
    deck.set_size(n)
    assert deck.count_words() == (str(n), expected[lang])


# -- names, rule numbers, capitals -------------------------------------------------------------------------

#: a table's name placeholder whose text is a value, not a name
TABLE_VALUE = {("Session", "the table is rulebook or open (R26a), not {table}")}


def test_a_table_name_stands_as_a_label_in_german():
    """The default name is "Tisch von Anna": "am Tisch {table}" or "an {table}" read "am Tisch Tisch von
    Anna", "an Tisch von Anna". The name opens the message as a label ("{table}: …") or is quoted."""
    wrong = []
    for m in messages("de"):
        if (m.context, m.source) in TABLE_VALUE:
            continue
        for form in m.forms:
            for hit in re.finditer(r"\{table\}", form):
                before = form[:hit.start()]
                if before and not before.endswith(("„", "<i>", "“")):
                    wrong.append(f"{m.context}: {form!r}")
    assert not wrong, "\n".join(wrong)
    host = next(m for m in messages("de") if m.context == "HostDialog" and m.source == "{host}'s table")
    assert host.forms == ["Tisch von {host}"]  # the name the rule above is about


def test_no_message_leads_with_a_rule_number():
    """Newcomers read the words first; the rule's number follows them (and the rule button opens it)."""
    lead = re.compile(r"^\s*R\d+a?\s*[:.]")
    found = [where for where, text in english_texts() + german_texts()
             if lead.match(text) and not where.startswith("rules ")]
    assert not found, "\n".join(found)


def _refused_texts(qtbot) -> list[str]:  # type: ignore[no-untyped-def]
    """The turn bar's words after clicks a newcomer makes too early or in the wrong city."""
    from patrician_qt.engine import CARD_BY_ID
    from tests.ui.game_helpers import click_board, click_hand, lit_cards, open_game, wait_for_human_or_end

    window, session = open_game(qtbot, ["human", "bot:easy"], seed=7)
    wait_for_human_or_end(qtbot, window)
    said = []
    city = next(iter(window.scene.panels))
    click_board(qtbot, window, city, "plot", "A")  # before a card is played (R8)
    said.append((window.turn_bar.rule, window.turn_bar.message_text))
    card = lit_cards(window)[0]
    click_hand(qtbot, window, card)
    other = next(c for c in window.scene.panels if c != CARD_BY_ID[card].city)
    click_board(qtbot, window, other, "plot", "A")  # the card builds elsewhere (R9)
    said.append((window.turn_bar.rule, window.turn_bar.message_text))
    session.close()
    return said  # type: ignore[return-value]


def test_r8_r9_refusals_lead_with_words_and_a_capital_and_keep_the_rule(qtbot, lang):
    said = _refused_texts(qtbot)
    assert [rule for rule, _text in said] == ["R8", "R9"]
    for rule, text in said:
        assert text[:1].isupper(), text  # "Die Lucca-Karte …", not "die Lucca-Karte …"
        assert not text.startswith("R") and text.endswith(f"({rule})"), text


def test_engine_refusals_lead_with_words_in_both_languages(lang):
    from patrician_qt.ui.text.engine_text import translate_refusal
    from tests.ui.text.test_i18n import _refusals

    for message in _refusals(2):
        rule, text = translate_refusal(message)
        assert text[:1].isupper() and not re.match(r"R\d", text), text
        if rule:
            assert rule in text, text


# -- du, not ihr ---------------------------------------------------------------------------------------------

#: imperatives addressed to several people (ihr), at the start of a clause; "sagt er" (he says) is not one
IHR_IMPERATIVE = re.compile(r"(?:^|[.;:,]\s*)(sagt|drückt|klickt|wählt|spielt|nehmt|setzt|wartet|lasst|"
                            r"gebt|öffnet|startet|geht|tippt|seht|schaut|schreibt)\b(?!\s+(?:er|sie|es|man|der|die|"
                            r"das|jeder|dein\w*|ihr|aber|dann|noch|also|jetzt|nur|trotzdem)\b)")
DU_WORD = re.compile(r"\b(du|dich|dir|dein\w*|drück|drücke|klicke|wähle|lass|nimm|sag|setze|warte)\b", re.I)


def test_german_speaks_to_the_player_as_du_never_mixed_with_ihr():
    mixed = [f"{where}: {text!r}" for where, text in german_texts()
             if DU_WORD.search(text) and IHR_IMPERATIVE.search(text)]
    assert not mixed, "du and ihr in one text:\n" + "\n".join(mixed)


# -- accelerators --------------------------------------------------------------------------------------------


def test_every_accelerator_is_an_ascii_letter_or_digit():
    """Alt+Ö cannot be typed on an English or French keyboard: an accelerator is A–Z or 0–9."""
    from tests.ui.text.test_mnemonics import accelerator

    wrong = []
    for m in messages("de"):
        for text in (m.source, *m.forms):
            key = accelerator(text)
            if key and not re.fullmatch(r"Alt\+[A-Z0-9]", key):
                wrong.append(f"{m.context}: {text!r} gives {key}")
    assert not wrong, "\n".join(wrong)


# -- the guides' words ----------------------------------------------------------------------------------------


def test_the_glossary_rules_out_the_words_the_review_found():
    from tests.ui.text.test_wording import ruled_out_words

    words = ruled_out_words()
    for word in ("Endwertung", "Dame", "Spielzug", "in der Schachtel", "aufgelegt", "folgt den Tischen",
                 "freien Dateien"):
        assert word in words, word


def test_the_score_row_of_fame_tiles_is_named_after_them(qapp):
    assert language.install("de")
    try:
        assert QCoreApplication.translate("ScoreSheet", "Fame") == "Ruhmesplättchen"
        assert QCoreApplication.translate("ScoreSheet", "Final scores") == "Schlusswertung"
        assert QCoreApplication.translate("Card", "Lady") == "Frau"
    finally:
        language.install("en")


def test_a_level_name_is_never_made_an_adjective():
    """"Der schwere Bot" reads as "the heavy bot": a level is named as such (der Bot „Schwer“)."""
    adjective = re.compile(r"\b(leicht|mittler|schwer)e[nmrs]?\s+Bots?\b", re.I)
    found = [f"{where}: {text!r}" for where, text in german_texts() if adjective.search(text)]
    assert not found, "\n".join(found)


def test_a_plot_is_never_called_a_tower():
    """An empty Bauplatz holds no tower yet: "click tower A" said "Turm A" for it."""
    found = [f"{where}: {text!r}" for where, text in german_texts() if re.search(r"\bTurm [AB]\b|Turm \{plot\}",
                                                                                    text)]
    found += [f"{where}: {text!r}" for where, text in english_texts()
              if re.search(r"\btower [AB]\b|tower \{plot\}", text)]
    rules_examples = {"rules R21_example", "rules word R21_example"}  # a scored city: its towers stand
    assert not [f for f in found if f.split(":")[0] not in rules_examples], "\n".join(found)


def test_story_box_and_log_use_the_same_prepositions():
    """A card is taken *bei* a city (it lies beside it) and a floor moves *auf* a plot, in every text."""
    wrong = []
    for where, text in german_texts():
        if re.search(r"\b(nahm|nimm|nimmst|nehmen|genommen)\b[^.;]*\bin \{city\}", text):
            wrong.append(f"{where}: {text!r} (bei {{city}})")
        if re.search(r"\bvon (Bauplatz )?\{a\} nach\b", text):
            wrong.append(f"{where}: {text!r} (auf {{b}})")
    assert not wrong, "\n".join(wrong)


def test_relocation_has_one_name_in_each_language():
    """English says relocate (never "move a floor"); German says versetzen (never verschieben, bewegen)."""
    wrong = [f"{where}: {text!r}" for where, text in english_texts()
             if "floor" in text and re.search(r"\bmov(e|es|ed|ing)\b", text) and not where.startswith("rules R")]
    wrong += [f"{where}: {text!r}" for where, text in german_texts()
              if "Stockwerk" in text and re.search(r"\b(verschieb\w*|beweg\w*|umsetz\w*|setzt)\b", text)
              and not where.startswith("rules R")]
    hints = {m.source: m.forms[0] for m in messages("de") if m.context == "Hint"}
    assert "Move" not in hints and hints.get("Relocate") == "Versetzen"
    assert not wrong, "\n".join(wrong)


def test_english_says_starting_card_and_coat_of_arms():
    wrong = [f"{where}: {text!r}" for where, text in english_texts()
             if re.search(r"\bstar cards?\b|\b(one|each|a|an|single|every)\s+arms\b", text, re.I)]
    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    wrong += [f"docs/rules.md: {m.group(0)!r}" for m in
              re.finditer(r"\bstar cards?\b|\b(one|each|a|an|single|every)\s+arms\b", doc, re.I)]
    assert not wrong, "\n".join(wrong)


# -- labels that exist ----------------------------------------------------------------------------------------


def _shown_labels(widget) -> set[str]:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QAbstractButton

    return {b.text().replace("&", "").rstrip("…").strip() for b in widget.findChildren(QAbstractButton)}


def test_the_lobby_names_only_buttons_that_exist(qtbot, tmp_path, lang):
    """"Join a LAN game" was not the start screen's label ("Join LAN game…")."""
    from PySide6.QtCore import QSettings

    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.lan.lobby_view import LobbyView

    ctrl = AppController(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path)
    qtbot.addWidget(ctrl.window)
    ctrl.show()
    labels = _shown_labels(ctrl.window)
    lobby = LobbyView()
    qtbot.addWidget(lobby)
    lobby.setup("Palazzo", "192.168.1.20:47147", True)
    labels |= _shown_labels(lobby)
    named = re.findall(r"<i>([^<]+)</i>", lobby.help.text())
    missing = [n for n in named if n != "Palazzo" and n not in labels]
    assert named and not missing, (missing, sorted(labels))


def test_the_glossary_names_only_labels_the_app_shows():
    """"(turn bar: …)", "(menu: …)" in docs/glossary.md are German texts of that very place: the glossary
    named the menu's "Auf Versetzen verzichten" as the turn bar's button, which says "Verzichten"."""
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    where = {"turn bar": {"TurnBar"}, "button": {"TurnBar"}, "menu": {"MainWindow", "Keyboard"}}
    shown: dict[str, set[str]] = {}
    for m in messages("de"):
        for form in m.forms:
            shown.setdefault(m.context, set()).add(form.replace("&", "").rstrip("…").strip())
    named = re.findall(r"(turn bar|button|menu): ([^;)|]+)", glossary)
    assert named
    missing = [f"{place}: {label.strip()}" for place, label in named
               if not any(label.strip() in shown.get(ctx, set()) for ctx in where[place])]
    assert not missing, missing


def test_the_glossary_says_whose_word_each_is():
    """Every row says whether the word is the edition's or this project's; project words are not the box's."""
    rows = [line for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("|") and not line.startswith("|---")][1:]
    whose = {}
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        whose[cells[1]] = cells[2]
        assert cells[2].startswith(("the edition's", "project's", "Qt's")), row
    for german in ("Zug", "Vorrat", "Zug bestätigen"):
        assert whose[german].startswith("project's"), (german, whose[german])


# -- notes to translators ---------------------------------------------------------------------------------


def test_no_code_comment_is_hung_on_a_string_as_a_note():
    """lupdate reads ``#:`` code comments as notes and hangs them on whatever string follows."""
    for ts in sorted((ROOT / "resources" / "translations").glob("*.ts")):
        assert "<extracomment>" not in ts.read_text(encoding="utf-8"), ts.name


def test_the_tool_drops_code_comments_lupdate_hung_on_strings(tmp_path):
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import update_translations as tool
    finally:
        sys.path.pop(0)
    ts = tmp_path / "x.ts"
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1" language="de"><context>'
                  "<name>C</name><message><source>Statistics</source><extracomment>the periods offered"
                  "</extracomment><translation>Statistik</translation></message></context></TS>\n",
                  encoding="utf-8")
    tool.fill(ts, {})
    assert "extracomment" not in ts.read_text(encoding="utf-8")


# -- card codes ---------------------------------------------------------------------------------------------


def test_the_played_stack_names_cards_as_players_see_them(qtbot, lang):
    """The dialog showed "SIE-1" under a card: it shows the city and the card's caption."""
    from patrician_qt.engine import apply, new_game, random_turn, view_for
    from patrician_qt.ui.board.players_model import PlayersModel
    from patrician_qt.ui.board.stack_view import StackDialog

    rng = random.Random(4)
    st = new_game(["Anna", "Ben"], rng)
    for _ in range(6):
        st, _ = apply(st, random_turn(st, rng))
    model = PlayersModel()
    model.set_view(view_for(st, 0), ["Anna", "Ben"])
    for seat in (0, 1):
        dialog = StackDialog(model, seat)
        qtbot.addWidget(dialog)
        texts = [dialog.cards.item(i).text() for i in range(dialog.cards.count())]
        texts += [dialog.cards.item(i).toolTip() for i in range(dialog.cards.count())]
        assert texts and not [t for t in texts if CODE_RE.search(t)], texts


def test_the_rules_cards_tab_shows_what_a_player_reads(qtbot, lang):
    """No record codes, no bare "Arms 2", no empty "Shows" cell: every card says what it builds and shows."""
    from patrician_qt.ui.reach.rules_window import RulesWindow

    window = RulesWindow()
    qtbot.addWidget(window)
    table = window.cards
    heads = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    cells = [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]
    assert table.rowCount() == 55
    assert not [row for row in cells if any(CODE_RE.search(t) for t in row)]
    shows = heads.index(rules_text.word("shows", lang))
    assert all(row[shows] for row in cells)
    builds = heads.index(rules_text.word("builds", lang))
    assert {row[builds] for row in cells} == {rules_text.word("floors_1", lang), rules_text.word("floors_2", lang)}
    assert "Arms" not in heads


# -- pictures ------------------------------------------------------------------------------------------------


def test_lan_pictures_name_the_table_in_their_language(qapp):
    from patrician_qt.cli import lan_screenshots

    assert language.install("de")
    try:
        assert lan_screenshots.table_name("Anna") == "Tisch von Anna"
    finally:
        language.install("en")
    assert lan_screenshots.table_name("Anna") == "Anna's table"
    source = Path(lan_screenshots.__file__).read_text(encoding="utf-8")
    assert "Anna's table" not in source  # every picture asks the app for the name

