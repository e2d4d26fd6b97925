"""The rules (docs/rules.md R1–R26a) in the app's own words, in English and German, with house rules marked.

Kept as data beside the code, not in the ``.ts`` catalogue: whole paragraphs read better
written per language than string by string. Rule numbers are the ones the engine and its
refusals cite, so a refusal can open the window at its rule.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    """One numbered rule: its text per language and whether this project decided it (house rule)."""

    id: str
    en: str
    de: str
    house: bool = False
    diagram: str | None = None  # name of an example drawn from the real board items


@dataclass(frozen=True, slots=True)
class Section:
    """A heading and the rules under it."""

    en: str
    de: str
    rules: tuple[Rule, ...]


INTRO = {
    "en": "Patrician (Patrizier, Amigo 2007) for 2 to 5 players. Build floors in the towers of Italy's "
          "cities; whoever holds the most floors in a tower when its city is complete wins a fame tile. "
          "Patrician heads on your played cards score too. Rules marked <b>house rule</b> are decisions of "
          "this app where the printed rules are silent.",
    "de": "Patrizier (Amigo 2007) für 2 bis 5 Spieler. Ihr baut Stockwerke in die Türme italienischer "
          "Städte; wer in einem Turm die meisten Stockwerke hat, wenn die Stadt fertig ist, gewinnt ein "
          "Ruhmesplättchen. Auch die Patrizierköpfe auf euren ausgespielten Auftragskarten bringen Punkte. "
          "Regeln, die als <b>Hausregel</b> markiert sind, hat diese App festgelegt, wo die gedruckten Regeln "
          "nichts dazu sagen.",
}

SECTIONS: tuple[Section, ...] = (
    Section("Components", "Spielmaterial", (
        Rule("R1",
             "Ten cities. Each has a floor total (9, 7 or 5) and two fame tiles: the higher tile is worth the "
             "floor total, the lower one 3 less. Bologna, Firenze, Roma and Pistoia have 9 floors (tiles 9 and 6), "
             "Lucca, Siena and Milano 7 (7 and 4), Ferrara, Parma and Verona 5 (5 and 2). Pistoia is only used "
             "with 5 players.",
             "Zehn Städte. Jede hat eine Stockwerkzahl (9, 7 oder 5) und zwei Ruhmesplättchen: das höhere ist so "
             "viel wert wie die Stockwerkzahl, das niedrigere 3 weniger. Bologna, Firenze, Roma und Pistoia haben "
             "9 Stockwerke (Plättchen 9 und 6), Lucca, Siena und Milano 7 (7 und 4), Ferrara, Parma und Verona 5 "
             "(5 und 2). Pistoia ist nur zu fünft im Spiel."),
        Rule("R2",
             "55 building cards. A card shows the coat of arms of one city once or twice. A card with one coat "
             "of arms also shows one of: a patrician head (lady, cap or beard; a double-head card shows two of "
             "the same kind), the relocate action or the take-any action. Cards with a star are starting cards. "
             "Over all its cards, a city's coats of arms add up to its floor total, so every city is complete "
             "when every card is played.",
             "55 Auftragskarten. Eine Auftragskarte zeigt das Wappen einer Stadt einmal oder zweimal. Eine Karte "
             "mit einem Wappen zeigt außerdem genau eines davon: einen Patrizierkopf (Frau, Mütze oder Bart; eine "
             "Doppelkopfkarte zeigt zwei gleiche), die Aktion Versetzen oder die Aktion „Beliebige Karte“ (eine "
             "beliebige offene Auftragskarte nehmen). "
             "Karten mit Stern sind Startkarten. Die Wappen aller Karten einer Stadt ergeben zusammen ihre "
             "Stockwerkzahl: Sind alle Karten gespielt, ist jede Stadt fertig."),
        Rule("R3",
             "Floors per player: 39 each with 2 players, 29 with 3, 21 with 4 or 5. Colours: black and white "
             "for 2; black, white and red for 3; any of black, white, red, yellow and blue for 4 or 5. In this "
             "app every player's floors also carry that player's symbol, never colour alone.",
             "Stockwerke pro Spieler: zu zweit je 39, zu dritt 29, zu viert oder fünft 21. Farben: zu zweit "
             "Schwarz und Weiß; zu dritt Schwarz, Weiß und Rot; zu viert oder fünft beliebig aus Schwarz, Weiß, "
             "Rot, Gelb und Blau. In dieser App tragen die Stockwerke außerdem das Symbol ihres Besitzers, nie "
             "nur die Farbe."),
    )),
    Section("Setup", "Vorbereitung", (
        Rule("R4",
             "With 2 to 4 players the nine cities without Pistoia and the 48 cards without Pistoia's are used; "
             "with 5 players all ten cities and all 55 cards.",
             "Zu zweit bis viert spielt ihr mit den neun Städten ohne Pistoia und den 48 Auftragskarten ohne die "
             "von Pistoia; zu fünft mit allen zehn Städten und allen 55 Auftragskarten."),
        Rule("R5",
             "The starting cards in play are shuffled and everyone gets 3 as their hand, hidden from the others. "
             "The other starting cards are shuffled with the remaining cards into a face-down draw pile.",
             "Die Startkarten im Spiel werden gemischt; jeder Spieler bekommt 3 davon als Handkarten, verdeckt vor "
             "den anderen. Die übrigen Startkarten werden mit den restlichen Auftragskarten zum verdeckten "
             "Nachziehstapel gemischt."),
        Rule("R6", "One card from the pile is laid face up at each city in play.",
             "An jede Stadt im Spiel wird eine Karte vom Stapel offen ausgelegt."),
        Rule("R7",
             "The starting player is chosen at random; play goes round in seat order.",
             "Wer beginnt, wird ausgelost; danach geht es reihum in Sitzreihenfolge."),
    )),
    Section("A turn, in exactly this order", "Ein Zug – genau in dieser Reihenfolge", (
        Rule("R8",
             "Play: put one card from your hand face up on your own played stack. Everyone sees the card as it "
             "is played; afterwards only the top card of each stack stays visible to the others, and you may "
             "look through your own stack at any time (R26).",
             "Ausspielen: Lege eine Handkarte offen auf deinen eigenen Ablagestapel. Alle sehen die Karte, "
             "während sie ausgespielt wird; danach bleibt von jedem Stapel nur die oberste Karte für die anderen "
             "sichtbar, und deinen eigenen Stapel darfst du jederzeit durchsehen (R26)."),
        Rule("R9",
             "Build: for each coat of arms on the card, put one floor from your supply onto one of the city's two "
             "building plots, A or B, on top of what is there. With two coats of arms both floors may go on one plot, "
             "or one on each.",
             "Bauen: Setze für jedes Wappen auf der Karte ein Stockwerk aus deinem Vorrat auf einen der beiden "
             "Bauplätze A oder B dieser Stadt, oben auf das, was dort schon steht. Bei zwei Wappen dürfen beide "
             "auf denselben Bauplatz oder je eins auf jeden."),
        Rule("R10",
             "A city never holds more floors than its total: a card with more coats of arms than the city has floors "
             "left builds only what is left (this cannot happen with the full deck).",
             "Eine Stadt hat nie mehr Stockwerke als ihre Stockwerkzahl: Zeigt eine Karte mehr Wappen, als der "
             "Stadt noch fehlen, wird nur gebaut, was fehlt (mit dem vollständigen Kartensatz kommt das nicht "
             "vor).", house=True),
        Rule("R11",
             "Every tower must end with at least one floor: when the floor you place is the city's last and one "
             "plot is still empty, it must go on the empty plot.",
             "Jeder Turm muss am Ende mindestens ein Stockwerk haben: Ist das Stockwerk, das du setzt, das "
             "letzte der Stadt und ein Bauplatz noch leer, muss es auf den leeren Bauplatz.",
             diagram="R11"),
        Rule("R12", "A city is scored (R20) as soon as its last floor is placed, before the special action.",
             "Eine Stadt wird gewertet (R20), sobald ihr letztes Stockwerk steht – noch vor der Sonderaktion."),
        Rule("R13",
             "Special action: if your card shows relocate, you may move the top floor (of any colour) of one "
             "tower onto the top of the other plot of the same city. The other plot may be empty, and the move "
             "may leave its plot empty. The city must not be the one you just built in, must hold at least one "
             "of your floors and must not be scored yet. You may decline.",
             "Sonderaktion: Zeigt deine Karte die Aktion Versetzen, darfst du das oberste Stockwerk (egal welcher "
             "Farbe) eines Turms oben auf den anderen Bauplatz derselben Stadt setzen. Der andere Bauplatz darf "
             "leer sein, und der Bauplatz, von dem das Stockwerk kommt, darf danach leer sein. Die Stadt darf "
             "nicht die sein, in der du gerade gebaut hast, muss mindestens ein Stockwerk von dir enthalten und "
             "darf noch nicht gewertet sein. Du darfst auf das Versetzen verzichten.", diagram="R13"),
        Rule("R14", "Draw: take the face-up card at the city you just built in into your hand.",
             "Nachziehen: Nimm die offene Karte der Stadt, in der du gerade gebaut hast, auf die Hand."),
        Rule("R15", "If your card shows take-any, you may instead take the face-up card of any city, including "
                    "the one you built in.",
             "Zeigt deine Karte die Aktion „Beliebige Karte“, darfst du stattdessen die offene Karte jeder Stadt "
             "nehmen, auch die der Stadt, in der du gebaut hast."),
        Rule("R16", "If no card lies at the city you built in, take the card of any other city you like.",
             "Liegt an der Stadt, in der du gebaut hast, keine Karte, nimmst du die Karte einer beliebigen "
             "anderen Stadt."),
        Rule("R17", "If no face-up card is left anywhere, you draw nothing.",
             "Liegt nirgends mehr eine offene Karte, ziehst du nichts nach."),
        Rule("R18",
             "Replenish: the top card of the draw pile is laid face up at the city whose card was just taken. "
             "If the pile is empty, nothing is laid.",
             "Auffüllen: Die oberste Karte des Nachziehstapels wird offen an die Stadt gelegt, deren Karte "
             "gerade genommen wurde. Ist der Stapel leer, wird nichts ausgelegt."),
        Rule("R19",
             "A player with no cards in hand is skipped. A player whose supply is empty builds nothing for the "
             "coats of arms they cannot cover, but still plays, relocates and draws.",
             "Wer keine Handkarten mehr hat, wird übersprungen. Wem die Stockwerke im Vorrat ausgehen, der baut "
             "nur so viele, wie er noch hat (für die übrigen Wappen nichts), spielt aber trotzdem aus, versetzt "
             "und zieht nach.", house=True),
    )),
    Section("Scoring a city", "Wertung einer Stadt", (
        Rule("R20",
             "Whoever has the most floors in the taller tower wins the higher fame tile; whoever has the most "
             "floors in the shorter tower wins the lower tile. One player may win both.",
             "Wer im höheren Turm die meisten Stockwerke hat, gewinnt das höhere Ruhmesplättchen; wer im "
             "niedrigeren Turm die meisten hat, das niedrigere. Ein Spieler kann beide gewinnen."),
        Rule("R21",
             "A tie for most floors in a tower goes to the tied player who owns the highest floor among the "
             "tied players' floors in that tower.",
             "Bei Gleichstand um die meisten Stockwerke in einem Turm gewinnt, wem unter den Gleichstehenden "
             "das höchste Stockwerk in diesem Turm gehört.", diagram="R21"),
        Rule("R22",
             "A complete city always has an odd number of floors, so its towers differ in height. A city still "
             "incomplete when the game ends (only possible through R19) is scored as it stands; with towers of "
             "equal height plot A counts as the taller; an empty tower awards nothing.",
             "Eine fertige Stadt hat immer eine ungerade Zahl an Stockwerken, ihre Türme sind also "
             "verschieden hoch. Eine Stadt, die am Spielende noch nicht fertig ist (nur durch R19 möglich), "
             "wird so gewertet, wie sie steht; sind beide Türme gleich hoch, gilt der Turm auf Bauplatz A als "
             "der höhere; "
             "ein leerer Turm bringt nichts.", house=True),
    )),
    Section("End of the game", "Spielende", (
        Rule("R23", "The game ends when nobody has a card in hand.",
             "Das Spiel endet, wenn niemand mehr eine Handkarte hat."),
        Rule("R24",
             "Head points: for each kind of head, every full set of 3 heads on your played stack scores 6 (a "
             "double-head card counts as 2 heads). So 2 heads score 0, 5 heads 6, 6 heads 12.",
             "Kopfpunkte: Für jede Kopfart bringt jeder volle Satz aus 3 Köpfen auf deinem Ablagestapel 6 "
             "Punkte (eine Doppelkopfkarte zählt 2 Köpfe). 2 Köpfe bringen also 0, 5 Köpfe 6, 6 Köpfe 12."),
        Rule("R25",
             "Score = fame tiles won + head points. The highest score wins; on a tie, the player with more "
             "floors left in the supply; if still tied, all of them win.",
             "Punkte = gewonnene Ruhmesplättchen + Kopfpunkte. Die höchste Summe gewinnt; bei Gleichstand, wer "
             "mehr Stockwerke im Vorrat übrig hat; herrscht dann noch Gleichstand, gewinnen alle, die gleichauf "
             "liegen."),
    )),
    Section("Hidden information", "Verdeckte Information", (
        Rule("R26",
             "What you see (the rulebook table, the default): the whole board (towers, owners, face-up cards, "
             "fame tiles still there); every event as it happens (plays, builds, relocations, takes, and each "
             "city's scoring: who won which tile), kept in the game log as a player at the table would remember "
             "it; the top card and the size of every played stack, and the whole of your own stack; how many "
             "fame tiles each player has won, and the values of your own (won tiles lie face down); every "
             "player's supply and hand size, the size of the draw pile and your own hand. You never see another "
             "player's hand, the order of the pile, or (until the game ends) another player's stack below its "
             "top card, their tile values or their score. At the end everything is shown. A spectator sees what "
             "a player sees, without any hand or own stack.",
             "Was du siehst (der Tisch nach Spielregel, die Voreinstellung): den ganzen Spielplan (Türme, "
             "Besitzer, offene Karten, noch ausliegende Ruhmesplättchen); jedes Ereignis, während es geschieht "
             "(Ausspielen, Bauen, Versetzen, Nehmen und jede Wertung: wer welches Plättchen gewinnt), "
             "festgehalten im Spielprotokoll, wie es sich jemand am Tisch merken würde; die oberste Karte und die "
             "Größe jedes Ablagestapels und deinen eigenen Stapel ganz; wie viele Ruhmesplättchen jeder Spieler "
             "gewonnen hat und die Werte deiner eigenen (gewonnene Plättchen liegen verdeckt); Vorrat und "
             "Handkartenzahl aller, die Größe des Nachziehstapels und deine eigenen Handkarten. Nie siehst du "
             "die Handkarten anderer, die Reihenfolge des Stapels oder (bis das Spiel endet) den Ablagestapel "
             "anderer unter der obersten Karte, die Werte ihrer Plättchen oder ihren Punktestand. Am Ende wird "
             "alles gezeigt. Zuschauer sehen, was ein Spieler am Tisch sieht, ohne Handkarten und ohne eigenen "
             "Stapel."),
        Rule("R26a",
             "Open table (an option chosen when the game is created, shown in the lobby and kept in the game "
             "record): every played stack, every player's won tiles and every score so far are shown to "
             "everyone during the game. Useful for teaching and for players who prefer no memory element. Bots "
             "decide from exactly what their seat's view and the game log show, at either table.",
             "Offener Tisch (eine Einstellung, die beim Anlegen des Spiels gewählt, in der Lobby angezeigt und "
             "in der Partie gespeichert wird): Alle Ablagestapel, die gewonnenen Plättchen aller und "
             "alle bisherigen Punktestände sind während des Spiels für alle sichtbar. Gut zum Lernen und für "
             "alle, die ohne Gedächtnisanteil spielen möchten. Bots entscheiden an beiden Tischen genau nach dem, "
             "was ihr Platz sieht und das Spielprotokoll zeigt.", house=True),
    )),
)

UI_WORDS = {
    "title": {"en": "Rules", "de": "Spielregeln"},
    "house": {"en": "house rule", "de": "Hausregel"},
    "cards": {"en": "The cards", "de": "Die Auftragskarten"},
    "cards_intro": {
        "en": "This app's deck keeps every published total (which head or action sits on which city's card is "
              "not printed anywhere, so the list is this project's choice).",
        "de": "Der Kartensatz dieser App hält alle veröffentlichten Summen ein (welcher Kopf oder welche Aktion "
              "auf der Karte welcher Stadt steht, ist nirgends gedruckt; die Liste ist also eine Entscheidung "
              "dieses Projekts).",
    },
    "city": {"en": "City", "de": "Stadt"},
    "builds": {"en": "Builds", "de": "Baut"},
    "floors_1": {"en": "1 floor", "de": "1 Stockwerk"},
    "floors_2": {"en": "2 floors", "de": "2 Stockwerke"},
    "shows": {"en": "Shows", "de": "Zeigt"},
    "second_arms": {"en": "a second coat of arms", "de": "ein zweites Wappen"},
    "star": {"en": "Starting card", "de": "Startkarte"},
    "lady": {"en": "lady", "de": "Frau"},
    "cap": {"en": "cap", "de": "Mütze"},
    "beard": {"en": "beard", "de": "Bart"},
    "relocate": {"en": "relocate", "de": "Versetzen"},
    "take-any": {"en": "take any", "de": "Beliebige Karte"},
    "example": {"en": "Example", "de": "Beispiel"},
    "R11_example": {
        "en": "Ferrara has 4 of 5 floors, all on plot A: the last floor must go on the empty plot B.",
        "de": "Ferrara hat 4 von 5 Stockwerken, alle auf Bauplatz A: Das letzte Stockwerk muss auf den leeren "
              "Bauplatz B.",
    },
    "R13_example": {
        "en": "Anna plays a relocate card and relocates Ben's top floor in Lucca from plot A to plot B.",
        "de": "Anna spielt eine Versetzen-Karte und versetzt Bens oberstes Stockwerk in Lucca von Bauplatz A auf "
              "Bauplatz B.",
    },
    "R21_example": {
        "en": "Verona is scored. Tower A (3 floors): Anna and Ben have one each and Cleo one; the highest of "
              "the tied floors is Ben's, so Ben wins 5. Tower B: Anna 2, so Anna wins 2.",
        "de": "Verona wird gewertet. Turm A (3 Stockwerke): Anna, Ben und Cleo haben je eines; das höchste der "
              "gleichstehenden Stockwerke gehört Ben, also gewinnt Ben die 5. Turm B: Anna 2, also gewinnt "
              "Anna die 2.",
    },
}


def all_rules() -> list[Rule]:
    """Every numbered rule, in order."""
    return [r for s in SECTIONS for r in s.rules]


def rule(rule_id: str) -> Rule:
    """One rule by its number ("R13")."""
    for r in all_rules():
        if r.id == rule_id:
            return r
    raise KeyError(rule_id)


def word(key: str, lang: str) -> str:
    """A short word of the rules window in a language (English when the language has none)."""
    entry = UI_WORDS[key]
    return entry.get(lang) or entry["en"]
