<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
    <context>
        <name />
        <message>
            <source>Fame</source>
            <translatorcomment>The score sheet's row that adds up the fame tiles a player won: „Ruhmesplättchen“ (docs/glossary.md).</translatorcomment>
            <translation>Ruhmesplättchen</translation>
        </message>
        <message>
            <source>Heads: {kind}</source>
            <translation>Köpfe: {kind}</translation>
        </message>
        <message>
            <source>Head points</source>
            <translation>Kopfpunkte</translation>
        </message>
        <message>
            <source>Total</source>
            <translation>Summe</translation>
        </message>
        <message>
            <source>Floors left (tie-break)</source>
            <translatorcomment>The score sheet's last row: floors left in the supply decide a tie (R25).</translatorcomment>
            <translation>Übrige Stockwerke (bei Gleichstand)</translation>
        </message>
    </context>
    <context>
        <name>About</name>
        <message>
            <source>About Patrician</source>
            <translation>Über Patrizier</translation>
        </message>
        <message>
            <source>Patrician icon</source>
            <translation>Patrizier-Symbol</translation>
        </message>
        <message>
            <source>About this program</source>
            <translation>Über dieses Programm</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Schließen</translation>
        </message>
        <message>
            <source>Patrician, version {version}</source>
            <translation>Patrizier, Version {version}</translation>
        </message>
        <message>
            <source>Our code is under the MIT licence. It uses Qt and PySide6 (LGPL-3.0), msgpack and zeroconf.</source>
            <translation>Unser Code steht unter der MIT-Lizenz. Er verwendet Qt und PySide6 (LGPL-3.0), msgpack und zeroconf.</translation>
        </message>
        <message>
            <source>Version {version}</source>
            <translation>Version {version}</translation>
        </message>
        <message>
            <source>This is an unofficial fan implementation. It is not affiliated with or endorsed by AMIGO Spiele or the game's authors; all art and text in it are our own.</source>
            <translation>Dies ist eine inoffizielle Fan-Umsetzung. Sie steht in keiner Verbindung zu AMIGO Spiele oder den Autoren des Spiels und wird von ihnen nicht unterstützt; alle Grafiken und Texte darin stammen von uns.</translation>
        </message>
        <message>
            <source>A desktop version of the board game Patrician (Patrizier) for LAN games, hot-seat games and games against the computer.</source>
            <translation>Eine Desktop-Version des Brettspiels Patrizier für LAN-Partien, Partien an einem Rechner und Partien gegen den Computer.</translation>
        </message>
    </context>
    <context>
        <name>Absence</name>
        <message>
            <source>While you were away</source>
            <translation>Während du weg warst</translation>
        </message>
        <message>
            <source>nothing was played</source>
            <translation>niemand hat gespielt</translation>
        </message>
        <message>
            <source>the game ended</source>
            <translation>das Spiel ist zu Ende</translation>
        </message>
        <message numerus="yes">
            <source>%n of them was yours (a bot played it)</source>
            <translation>
                <numerusform>davon war %n deiner (ein Bot hat ihn gespielt)</numerusform>
                <numerusform>davon waren %n deine (ein Bot hat sie gespielt)</numerusform>
            </translation>
        </message>
        <message>
            <source>While you were away ({time})</source>
            <translation>Während du weg warst ({time})</translation>
        </message>
        <message>
            <source>{cities} scored</source>
            <translation>{cities} gewertet</translation>
        </message>
        <message numerus="yes">
            <source>%n turn(s) were played</source>
            <translation>
                <numerusform>%n Zug wurde gespielt</numerusform>
                <numerusform>%n Züge wurden gespielt</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Access</name>
        <message>
            <source>empty</source>
            <translation>leer</translation>
        </message>
        <message>
            <source>no fame tiles</source>
            <translation>keine Ruhmesplättchen</translation>
        </message>
        <message>
            <source>no face-up card</source>
            <translation>keine offene Karte</translation>
        </message>
        <message>
            <source>Board</source>
            <translation>Spielplan</translation>
        </message>
        <message>
            <source>No city here.</source>
            <translation>Hier ist keine Stadt.</translation>
        </message>
        <message>
            <source>No game on the table.</source>
            <translation>Es liegt kein Spiel auf dem Tisch.</translation>
        </message>
        <message>
            <source>Arrow keys move the cursor over plots and face-up cards; I reads the whole board, T says what to do now</source>
            <translation>Pfeiltasten bewegen den Cursor über Bauplätze und offene Karten; I liest den ganzen Spielplan vor, T sagt, was jetzt zu tun ist</translation>
        </message>
        <message>
            <source>Players</source>
            <translatorcomment>A player is „Spieler“ (the edition's word) (docs/glossary.md).</translatorcomment>
            <translation>Spieler</translation>
        </message>
        <message>
            <source>Game log</source>
            <translation>Spielprotokoll</translation>
        </message>
        <message>
            <source>Scores so far:</source>
            <translation>Punktestand bisher:</translation>
        </message>
        <message>
            <source>{name}: {score}, of which fame {fame}.</source>
            <translation>{name}: {score}, davon Ruhmesplättchen {fame}.</translation>
        </message>
        <message>
            <source>{city}: face-up {card}</source>
            <translation>{city}: offen liegt {card}</translation>
        </message>
        <message>
            <source>starting card</source>
            <translation>Startkarte</translation>
        </message>
        <message>
            <source>plot {plot} empty</source>
            <translation>Bauplatz {plot} leer</translation>
        </message>
        <message>
            <source>{city}, scored; {plots}</source>
            <translation>{city}, gewertet; {plots}</translation>
        </message>
        <message>
            <source>fame tiles {values}</source>
            <translation>Ruhmesplättchen {values}</translation>
        </message>
        <message>
            <source>face-up: {card}</source>
            <translation>offen: {card}</translation>
        </message>
        <message>
            <source>{city}: no face-up card</source>
            <translation>{city}: keine offene Karte</translation>
        </message>
        <message>
            <source>Start of the list.</source>
            <translation>Anfang der Liste.</translation>
        </message>
        <message>
            <source>End of the list.</source>
            <translation>Ende der Liste.</translation>
        </message>
        <message>
            <source>Top of the table.</source>
            <translation>Oberste Zeile der Tabelle.</translation>
        </message>
        <message>
            <source>Bottom of the table.</source>
            <translation>Unterste Zeile der Tabelle.</translation>
        </message>
        <message>
            <source>First column of the table.</source>
            <translation>Erste Spalte der Tabelle.</translation>
        </message>
        <message>
            <source>Last column of the table.</source>
            <translation>Letzte Spalte der Tabelle.</translation>
        </message>
        <message numerus="yes">
            <source>{name}: %n fame tile(s), face down.</source>
            <translation>
                <numerusform>{name}: ein Ruhmesplättchen, verdeckt.</numerusform>
                <numerusform>{name}: %n Ruhmesplättchen, verdeckt.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>majority {name} with %n floor(s), would win {value}</source>
            <translation>
                <numerusform>Mehrheit {name} mit %n Stockwerk, würde {value} gewinnen</numerusform>
                <numerusform>Mehrheit {name} mit %n Stockwerken, würde {value} gewinnen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>majority {name} with %n floor(s), won {value}</source>
            <translation>
                <numerusform>Mehrheit {name} mit %n Stockwerk, gewann {value}</numerusform>
                <numerusform>Mehrheit {name} mit %n Stockwerken, gewann {value}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>majority {name} with %n floor(s), won a tile, face down</source>
            <translation>
                <numerusform>Mehrheit {name} mit %n Stockwerk, gewann ein Plättchen, verdeckt</numerusform>
                <numerusform>Mehrheit {name} mit %n Stockwerken, gewann ein Plättchen, verdeckt</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>plot {plot}, %n floor(s) from the bottom: {floors}</source>
            <translation>
                <numerusform>Bauplatz {plot}, %n Stockwerk von unten: {floors}</numerusform>
                <numerusform>Bauplatz {plot}, %n Stockwerke von unten: {floors}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{city}, {built} of %n floor(s), {tiles}; {plots}; {card}</source>
            <translation>
                <numerusform>{city}, {built} von %n Stockwerk, {tiles}; {plots}; {card}</numerusform>
                <numerusform>{city}, {built} von %n Stockwerken, {tiles}; {plots}; {card}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Draw pile: %n card(s)</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form. Card = „Karte“ (the kind: „Auftragskarte“).</translatorcomment>
            <translation>
                <numerusform>Nachziehstapel: %n Karte</numerusform>
                <numerusform>Nachziehstapel: %n Karten</numerusform>
            </translation>
        </message>
        <message>
            <source>No cards in hand</source>
            <translation>Keine Handkarten</translation>
        </message>
        <message>
            <source>playable</source>
            <translation>spielbar</translation>
        </message>
    </context>
    <context>
        <name>AfterGame</name>
        <message>
            <source>Score story in words</source>
            <translation>Punkteverlauf in Worten</translation>
        </message>
        <message>
            <source>Score story</source>
            <translation>Punkteverlauf</translation>
        </message>
        <message>
            <source>Statistics</source>
            <translation>Statistik</translation>
        </message>
        <message>
            <source>Review</source>
            <translation>Analyse</translation>
        </message>
        <message>
            <source>&amp;Review this game</source>
            <translation>Spiel anal&amp;ysieren</translation>
        </message>
        <message>
            <source>The bots judge each of your turns from what you could see then</source>
            <translation>Die Bots beurteilen jeden deiner Züge nach dem, was du damals sehen konntest</translation>
        </message>
        <message>
            <source>Score story beside the board</source>
            <translation>Punkteverlauf neben dem Spielbrett</translation>
        </message>
        <message>
            <source>Score story of the replay</source>
            <translation>Punkteverlauf der Wiedergabe</translation>
        </message>
        <message>
            <source>A game seen from a seat at another computer cannot be reviewed here: its record has no deal. The host can review it.</source>
            <translation>Ein Spiel, das du an einem anderen Computer mitgespielt hast, kann hier nicht analysiert werden: Seiner Partie fehlt die Kartenverteilung. Der Gastgeber kann es analysieren.</translation>
        </message>
    </context>
    <context>
        <name>Announce</name>
        <message>
            <source>Everything</source>
            <translation>Alles</translation>
        </message>
        <message>
            <source>My turn and scorings</source>
            <translation>Mein Zug und Wertungen</translation>
        </message>
        <message>
            <source>Off</source>
            <translation>Aus</translation>
        </message>
        <message>
            <source>You skip the relocation.</source>
            <translation>Du verzichtest auf das Versetzen.</translation>
        </message>
        <message>
            <source>You play {card}.</source>
            <translation>Du spielst {card}.</translation>
        </message>
        <message>
            <source>You build on plot {plot} in {city}.</source>
            <translation>Du baust auf Bauplatz {plot} in {city}.</translation>
        </message>
        <message>
            <source>You relocate the top floor in {city} from plot {a} to plot {b}.</source>
            <translation>Du versetzt das oberste Stockwerk in {city} von Bauplatz {a} auf Bauplatz {b}.</translation>
        </message>
        <message>
            <source>You take {card} from {city}.</source>
            <translation>Du nimmst {card} bei {city}.</translation>
        </message>
        <message>
            <source>You take the card at {city}.</source>
            <translation>Du nimmst die Karte bei {city}.</translation>
        </message>
        <message>
            <source>Screen reader a&amp;nnouncements</source>
            <translation>Ansagen für Bildschirm&amp;leser</translation>
        </message>
        <message>
            <source>Read the whole &amp;board</source>
            <translation>Ganzen &amp;Spielplan vorlesen</translation>
        </message>
        <message>
            <source>Say again what to &amp;do now</source>
            <translation>&amp;Wiederholen, was jetzt zu tun ist</translation>
        </message>
        <message>
            <source>Repeat the last &amp;announcement</source>
            <translation>Letzte &amp;Ansage wiederholen</translation>
        </message>
        <message>
            <source>Read the &amp;city under the cursor</source>
            <translation>Stadt unter dem C&amp;ursor vorlesen</translation>
        </message>
        <message>
            <source>Read the &amp;scores</source>
            <translation>Punktestan&amp;d vorlesen</translation>
        </message>
        <message>
            <source>Go to the game &amp;log</source>
            <translation>Zum Spiel&amp;protokoll</translation>
        </message>
        <message>
            <source>Board</source>
            <translation>Spielplan</translation>
        </message>
        <message>
            <source>Nothing to do now.</source>
            <translation>Gerade ist nichts zu tun.</translation>
        </message>
        <message>
            <source>Nothing has been announced yet.</source>
            <translation>Bisher wurde nichts angesagt.</translation>
        </message>
        <message>
            <source>The game log is empty.</source>
            <translation>Das Spielprotokoll ist leer.</translation>
        </message>
        <message>
            <source>and</source>
            <translation>und</translation>
        </message>
        <message numerus="yes">
            <source>%n earlier event(s) left out: the game log has them.</source>
            <translation>
                <numerusform>%n früheres Ereignis ausgelassen: es steht im Spielprotokoll.</numerusform>
                <numerusform>%n frühere Ereignisse ausgelassen: sie stehen im Spielprotokoll.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>AppController</name>
        <message>
            <source>&amp;Host LAN game…</source>
            <translation>L&amp;AN-Spiel eröffnen …</translation>
        </message>
        <message>
            <source>&amp;Join LAN game…</source>
            <translation>LAN-Spiel bei&amp;treten …</translation>
        </message>
        <message>
            <source>{players} · turn {turn} · saved {when}</source>
            <translation>{players} · Zug {turn} · gespeichert {when}</translation>
        </message>
        <message>
            <source>The game you hosted at {table} cannot be resumed: {e}</source>
            <translation>{table}: Das Spiel an deinem Tisch kann nicht fortgesetzt werden: {e}</translation>
        </message>
        <message>
            <source>Its autosave is kept as it is: {path}</source>
            <translation>Sein automatisch gespeicherter Stand bleibt unverändert erhalten: {path}</translation>
        </message>
        <message>
            <source>Resume hosted game</source>
            <translation>Eigenen Tisch wieder eröffnen</translation>
        </message>
        <message>
            <source>you</source>
            <translation>du</translation>
        </message>
        <message>
            <source>a bot plays</source>
            <translation>ein Bot spielt</translation>
        </message>
        <message>
            <source>Forget this game here? The app will not offer it again.</source>
            <translation>Dieses Spiel hier vergessen? Die App bietet es dann nicht mehr an.</translation>
        </message>
        <message>
            <source>&amp;Forget it</source>
            <translation>&amp;Vergessen</translation>
        </message>
        <message>
            <source>&amp;Keep it for later</source>
            <translation>&amp;Für später behalten</translation>
        </message>
        <message>
            <source>Continue</source>
            <translation>Weiterspielen</translation>
        </message>
        <message>
            <source>There is no unfinished game.</source>
            <translatorcomment>An autosaved game that has not ended: „angefangenes Spiel“ (docs/glossary.md).</translatorcomment>
            <translation>Es gibt kein angefangenes Spiel.</translation>
        </message>
        <message>
            <source>Load a saved game</source>
            <translation>Gespeichertes Spiel laden</translation>
        </message>
        <message>
            <source>Patrician saves (*.patrician.json *.json)</source>
            <translation>Patrizier-Spielstände (*.patrician.json *.json)</translation>
        </message>
        <message>
            <source>This game cannot be continued: {e}</source>
            <translation>Dieses Spiel kann nicht fortgesetzt werden: {e}</translation>
        </message>
    </context>
    <context>
        <name>Board</name>
        <message>
            <source>scored</source>
            <translation>gewertet</translation>
        </message>
        <message>
            <source>no card</source>
            <translation>keine Karte</translation>
        </message>
        <message>
            <source>Draw pile</source>
            <translation>Nachziehstapel</translation>
        </message>
        <message>
            <source>Empty: no majority yet</source>
            <translatorcomment>Tooltip of an empty tower.</translatorcomment>
            <translation>Leer: noch keine Mehrheit</translation>
        </message>
        <message numerus="yes">
            <source>%n card(s) left</source>
            <translation>
                <numerusform>%n Karte übrig</numerusform>
                <numerusform>%n Karten übrig</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{city}: {built} of %n floor(s)</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form. Floor = „Stockwerk“.</translatorcomment>
            <translation>
                <numerusform>{city}: {built} von %n Stockwerk</numerusform>
                <numerusform>{city}: {built} von %n Stockwerken</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Majority: &lt;b&gt;{name}&lt;/b&gt; (%n floor(s)) — won a tile, face down</source>
            <translation>
                <numerusform>Mehrheit: &lt;b&gt;{name}&lt;/b&gt; (%n Stockwerk) — gewann ein Plättchen, verdeckt</numerusform>
                <numerusform>Mehrheit: &lt;b&gt;{name}&lt;/b&gt; (%n Stockwerke) — gewann ein Plättchen, verdeckt</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Majority: &lt;b&gt;{name}&lt;/b&gt; (%n floor(s)) — won {value}</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form. Floor = „Stockwerk“. Winning a fame tile is „gewinnen“ (docs/glossary.md).</translatorcomment>
            <translation>
                <numerusform>Mehrheit: &lt;b&gt;{name}&lt;/b&gt; (%n Stockwerk) — gewann {value}</numerusform>
                <numerusform>Mehrheit: &lt;b&gt;{name}&lt;/b&gt; (%n Stockwerke) — gewann {value}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Majority: &lt;b&gt;{name}&lt;/b&gt; (%n floor(s)) — would win {value}</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form. Floor = „Stockwerk“. Winning a fame tile is „gewinnen“ (docs/glossary.md).</translatorcomment>
            <translation>
                <numerusform>Mehrheit: &lt;b&gt;{name}&lt;/b&gt; (%n Stockwerk) — würde {value} gewinnen</numerusform>
                <numerusform>Mehrheit: &lt;b&gt;{name}&lt;/b&gt; (%n Stockwerke) — würde {value} gewinnen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{city}, plot {plot}: %n floor(s)</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form. Floor = „Stockwerk“.</translatorcomment>
            <translation>
                <numerusform>{city}, Bauplatz {plot}: %n Stockwerk</numerusform>
                <numerusform>{city}, Bauplatz {plot}: %n Stockwerke</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{city}: {built} of %n floor(s) built</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form. Floor = „Stockwerk“.</translatorcomment>
            <translation>
                <numerusform>{city}: {built} von %n Stockwerk gebaut</numerusform>
                <numerusform>{city}: {built} von %n Stockwerken gebaut</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Card</name>
        <message>
            <source>Lady</source>
            <translatorcomment>The woman's head on a card: the German guides call it Frauen-Kopf, short „Frau“ (docs/glossary.md).</translatorcomment>
            <translation>Frau</translation>
        </message>
        <message>
            <source>Cap</source>
            <translation>Mütze</translation>
        </message>
        <message>
            <source>Beard</source>
            <translation>Bart</translation>
        </message>
        <message>
            <source>Relocate</source>
            <translatorcomment>The relocate action (R13): „Versetzen“ (docs/glossary.md).</translatorcomment>
            <translation>Versetzen</translation>
        </message>
        <message>
            <source>Take any</source>
            <translatorcomment>The take-any action (R15). The edition says „eine beliebige Auftragskarte“: use „Beliebige Karte“ (docs/glossary.md). Printed on small cards: keep it short.</translatorcomment>
            <translation>Beliebige Karte</translation>
        </message>
        <message numerus="yes">
            <source>%n floor(s)</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form. Floor = „Stockwerk“.</translatorcomment>
            <translation>
                <numerusform>%n Stockwerk</numerusform>
                <numerusform>%n Stockwerke</numerusform>
            </translation>
        </message>
        <message>
            <source>2 × {kind}</source>
            <translation>2 × {kind}</translation>
        </message>
        <message>
            <source>the {city} card “{caption}”</source>
            <translation>die {city}-Karte „{caption}“</translation>
        </message>
        <message>
            <source>{city} · {caption}</source>
            <translation>{city} · {caption}</translation>
        </message>
    </context>
    <context>
        <name>ChatPanel</name>
        <message>
            <source>Chat</source>
            <translation>Chat</translation>
        </message>
        <message>
            <source>Table chat</source>
            <translation>Tisch-Chat</translation>
        </message>
        <message>
            <source>Say something to the table…</source>
            <translation>Sag etwas in die Runde …</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>Senden</translation>
        </message>
        <message>
            <source>… {n} earlier lines are no longer shown (the chat keeps the last {keep}).</source>
            <translation>… {n} frühere Zeilen werden nicht mehr gezeigt (der Chat behält die letzten {keep}).</translation>
        </message>
    </context>
    <context>
        <name>ConnectionBanner</name>
        <message>
            <source>Save what you saw…</source>
            <translation>Gesehenes speichern …</translation>
        </message>
        <message>
            <source>Back to the start screen</source>
            <translation>Zurück zum Startbildschirm</translation>
        </message>
        <message>
            <source>Retry</source>
            <translation>Erneut versuchen</translation>
        </message>
        <message>
            <source>The game cannot go on.</source>
            <translation>Das Spiel kann nicht weitergehen.</translation>
        </message>
    </context>
    <context>
        <name>ContinueDialog</name>
        <message>
            <source>Continue a game</source>
            <translation>Ein Spiel fortsetzen</translation>
        </message>
        <message>
            <source>Your unfinished games, the newest first:</source>
            <translation>Deine angefangenen Spiele, das neueste zuerst:</translation>
        </message>
        <message>
            <source>Unfinished games</source>
            <translation>Angefangene Spiele</translation>
        </message>
        <message>
            <source>Players</source>
            <translation>Spieler</translation>
        </message>
        <message>
            <source>Turn</source>
            <translation>Zug</translation>
        </message>
        <message>
            <source>Saved</source>
            <translation>Gespeichert</translation>
        </message>
        <message>
            <source>&amp;Continue</source>
            <translation>&amp;Fortsetzen</translation>
        </message>
        <message>
            <source>&amp;Delete…</source>
            <translation>&amp;Löschen …</translation>
        </message>
        <message>
            <source>Throw the chosen game away; it cannot be continued afterwards</source>
            <translation>Das gewählte Spiel wegwerfen; es kann danach nicht mehr fortgesetzt werden</translation>
        </message>
        <message>
            <source>cannot be read: {file}</source>
            <translation>nicht lesbar: {file}</translation>
        </message>
        <message>
            <source>Delete this game?</source>
            <translation>Dieses Spiel löschen?</translation>
        </message>
        <message>
            <source>Delete the game of {players} (turn {turn})? It cannot be continued afterwards.</source>
            <translation>Das Spiel von {players} (Zug {turn}) löschen? Es kann danach nicht mehr fortgesetzt werden.</translation>
        </message>
        <message>
            <source>&amp;Delete</source>
            <translation>&amp;Löschen</translation>
        </message>
    </context>
    <context>
        <name>Engine</name>
        <message>
            <source>the turn is complete: confirm it or undo a step</source>
            <translatorcomment>Undo is „rückgängig machen“ everywhere (docs/glossary.md).</translatorcomment>
            <translation>der Zug ist vollständig: bestätige ihn oder mache einen Schritt rückgängig</translation>
        </message>
        <message>
            <source>{card} is not in your hand</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>{card} ist nicht auf deiner Hand</translation>
        </message>
        <message>
            <source>choose plot A or B</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>wähle Bauplatz A oder B</translation>
        </message>
        <message>
            <source>the last floor of {city} must go on the empty plot {plot}</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>das letzte Stockwerk von {city} muss auf den leeren Bauplatz {plot}</translation>
        </message>
        <message>
            <source>the last floor of {city} must go on the empty plot</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>das letzte Stockwerk von {city} muss auf den leeren Bauplatz</translation>
        </message>
        <message>
            <source>you may not relocate in {city}, the city you just built in</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>in {city}, wo du gerade gebaut hast, darfst du nicht versetzen</translation>
        </message>
        <message>
            <source>{city} is already scored</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>{city} ist bereits gewertet</translation>
        </message>
        <message>
            <source>you have no floor in {city}</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>du hast kein Stockwerk in {city}</translation>
        </message>
        <message>
            <source>choose a tower to relocate the top floor from, or skip the relocation</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>wähle einen Turm, dessen oberstes Stockwerk du versetzt, oder verzichte auf das Versetzen</translation>
        </message>
        <message>
            <source>there is no floor to relocate on plot {plot} of {city}</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>auf Bauplatz {plot} von {city} steht kein Stockwerk zum Versetzen</translation>
        </message>
        <message>
            <source>plot {plot} of {city} is empty</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>Bauplatz {plot} von {city} ist leer</translation>
        </message>
        <message>
            <source>there is no face-up card at {city}</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>bei {city} liegt keine offene Karte</translation>
        </message>
        <message>
            <source>you take the card at {city}, the city you built in (R15: only take-any cards allow another)</source>
            <translatorcomment>Take-any is the action „Beliebige Karte“ (docs/glossary.md).</translatorcomment>
            <translation>du nimmst die Karte bei {city}, wo du gebaut hast (R15: nur die Aktion „Beliebige Karte“ erlaubt eine andere)</translation>
        </message>
        <message>
            <source>you must take the card at {city}, the city you built in (only a take-any card allows another)</source>
            <translatorcomment>Take-any is the action „Beliebige Karte“ (docs/glossary.md).</translatorcomment>
            <translation>du musst die Karte bei {city} nehmen, wo du gebaut hast (nur die Aktion „Beliebige Karte“ erlaubt eine andere)</translation>
        </message>
        <message>
            <source>{city} has no card to take</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>bei {city} gibt es keine Karte zu nehmen</translation>
        </message>
        <message>
            <source>the game is over</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>das Spiel ist vorbei</translation>
        </message>
        <message>
            <source>only a relocate card lets you relocate a floor; {card} is not one</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>nur eine Versetzen-Karte erlaubt, ein Stockwerk zu versetzen; {card} ist keine</translation>
        </message>
        <message numerus="yes">
            <source>you have %n floor(s) left, so this card builds {want} in {city}</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form. Floor = „Stockwerk“. Card = „Karte“ (the kind: „Auftragskarte“). A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>
                <numerusform>du hast noch %n Stockwerk, also baut diese Karte {want} in {city}</numerusform>
                <numerusform>du hast noch %n Stockwerke, also baut diese Karte {want} in {city}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{city} has only %n floor(s) left, so this card builds {want}</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form. Floor = „Stockwerk“. Card = „Karte“ (the kind: „Auftragskarte“). A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>
                <numerusform>{city} fehlt nur noch %n Stockwerk, also baut diese Karte {want}</numerusform>
                <numerusform>{city} fehlen nur noch %n Stockwerke, also baut diese Karte {want}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{card} builds %n floor(s) in {city}, not {n}</source>
            <translation>
                <numerusform>{card} baut %n Stockwerk in {city}, nicht {n}</numerusform>
                <numerusform>{card} baut %n Stockwerke in {city}, nicht {n}</numerusform>
            </translation>
        </message>
        <message>
            <source>{city} is not a city in play</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>{city} ist keine Stadt im Spiel</translation>
        </message>
        <message>
            <source>no face-up card is left, so nothing can be taken</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>es liegt keine offene Karte mehr aus, also kann nichts genommen werden</translation>
        </message>
        <message>
            <source>you must take a face-up card</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>du musst eine offene Karte nehmen</translation>
        </message>
        <message>
            <source>a card builds at most 2 floors</source>
            <translatorcomment>A refusal; the app capitalises its first letter and names the rule after it („Du hast kein Stockwerk in Roma (R13)“).</translatorcomment>
            <translation>eine Karte baut höchstens 2 Stockwerke</translation>
        </message>
    </context>
    <context>
        <name>FileProblem</name>
        <message>
            <source>it is nested too deeply to be a Patrician file</source>
            <translation>sie ist zu tief verschachtelt für eine Patrizier-Datei</translation>
        </message>
        <message>
            <source>it is too large to be a Patrician file</source>
            <translation>sie ist zu groß für eine Patrizier-Datei</translation>
        </message>
        <message>
            <source>byte {n} is not UTF-8 text</source>
            <translation>Byte {n} ist kein UTF-8-Text</translation>
        </message>
        <message>
            <source>it is not valid JSON (line {line}, column {column})</source>
            <translation>sie ist kein gültiges JSON (Zeile {line}, Spalte {column})</translation>
        </message>
    </context>
    <context>
        <name>GameFigures</name>
        <message>
            <source>Floors built</source>
            <translation>Gebaute Stockwerke</translation>
        </message>
        <message>
            <source>Towers won by majority</source>
            <translation>Türme gewonnen durch Mehrheit</translation>
        </message>
        <message>
            <source>Towers won by tie-break</source>
            <translation>Türme gewonnen bei Gleichstand</translation>
        </message>
        <message>
            <source>Cities won (both tiles)</source>
            <translation>Städte gewonnen (beide Plättchen)</translation>
        </message>
        <message>
            <source>Fame tiles high / low</source>
            <translation>Ruhmesplättchen hoch / niedrig</translation>
        </message>
        <message>
            <source>Heads: lady · cap · beard</source>
            <translation>Köpfe: Frau · Mütze · Bart</translation>
        </message>
        <message>
            <source>Relocations</source>
            <translation>Versetzungen</translation>
        </message>
        <message>
            <source>Take-any cards used</source>
            <translation>„Beliebige Karte“ genutzt</translation>
        </message>
        <message>
            <source>Time taken</source>
            <translation>Bedenkzeit</translation>
        </message>
        <message>
            <source>Biggest swing: {name} +{size} by the heads at the end</source>
            <translation>Größter Umschwung: {name} +{size} durch die Köpfe am Ende</translation>
        </message>
        <message>
            <source>Statistics of the game</source>
            <translation>Statistik des Spiels</translation>
        </message>
        <message>
            <source>Biggest swing: {name} +{size} when {city} was scored (turn {turn})</source>
            <translation>Größter Umschwung: {name} +{size}, als {city} gewertet wurde (Zug {turn})</translation>
        </message>
    </context>
    <context>
        <name>GamePage</name>
        <message>
            <source>Players</source>
            <translatorcomment>A player is „Spieler“ (the edition's word), never „Person“ or „Mitspieler“ (docs/glossary.md).</translatorcomment>
            <translation>Spieler</translation>
        </message>
        <message>
            <source>Your hand</source>
            <translation>Deine Handkarten</translation>
        </message>
        <message>
            <source>Log</source>
            <translation>Protokoll</translation>
        </message>
    </context>
    <context>
        <name>HandView</name>
        <message>
            <source>No cards in hand</source>
            <translation>Keine Handkarten</translation>
        </message>
    </context>
    <context>
        <name>Help</name>
        <message>
            <source>&amp;Help</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Hilfe</translation>
        </message>
        <message>
            <source>Keyboard shortcuts</source>
            <translation>Tastenkürzel</translation>
        </message>
        <message>
            <source>&amp;Keyboard shortcuts…</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Tastenkürzel …</translation>
        </message>
        <message>
            <source>First-game &amp;tutorial</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Einführung für das erste Spiel</translation>
        </message>
        <message>
            <source>&amp;About Patrician</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>Ü&amp;ber Patrizier</translation>
        </message>
        <message>
            <source>&amp;Rules</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Spielregeln</translation>
        </message>
    </context>
    <context>
        <name>Hint</name>
        <message>
            <source>Hint</source>
            <translation>Tipp</translation>
        </message>
        <message>
            <source>Take</source>
            <translation>Nehmen</translation>
        </message>
        <message>
            <source>Relocate</source>
            <translation>Versetzen</translation>
        </message>
        <message>
            <source>Build</source>
            <translation>Bauen</translation>
        </message>
        <message>
            <source>Build ×{n}</source>
            <translation>Bauen ×{n}</translation>
        </message>
    </context>
    <context>
        <name>HistoryKeeper</name>
        <message>
            <source>History of games</source>
            <translation>Verlauf der Partien</translation>
        </message>
        <message>
            <source>S&amp;tatistics…</source>
            <translation>Stat&amp;istik…</translation>
        </message>
        <message>
            <source>Your games over many evenings: wins, scores, streaks, trend</source>
            <translation>Eure Partien über viele Abende: Siege, Punkte, Serien, Verlauf</translation>
        </message>
    </context>
    <context>
        <name>HostDialog</name>
        <message>
            <source>Host a LAN game</source>
            <translation>LAN-Spiel eröffnen</translation>
        </message>
        <message>
            <source>Host a game on this network</source>
            <translation>Ein Spiel in diesem Netzwerk eröffnen</translation>
        </message>
        <message>
            <source>Players on the same network see your table in their Join list.</source>
            <translation>Spieler im selben Netzwerk sehen deinen Tisch in ihrer Beitreten-Liste.</translation>
        </message>
        <message>
            <source>{host}'s table</source>
            <translation>Tisch von {host}</translation>
        </message>
        <message>
            <source>Your name:</source>
            <translation>Dein Name:</translation>
        </message>
        <message>
            <source>Table name:</source>
            <translation>Name des Tisches:</translation>
        </message>
        <message>
            <source>Seats:</source>
            <translation>Plätze:</translation>
        </message>
        <message>
            <source>Open for a player</source>
            <translatorcomment>A seat that waits for a person at another computer; a player is „Spieler“ (docs/glossary.md).</translatorcomment>
            <translation>Frei für einen Spieler</translation>
        </message>
        <message>
            <source>Bot · {level}</source>
            <translation>Bot · {level}</translation>
        </message>
        <message>
            <source>Seat {n}:</source>
            <translation>Platz {n}:</translation>
        </message>
        <message>
            <source>Table:</source>
            <translation>Tisch:</translation>
        </message>
        <message>
            <source>Port:</source>
            <translation>Port:</translation>
        </message>
        <message>
            <source>Internet:</source>
            <translation>Internet:</translation>
        </message>
        <message>
            <source>Open the table</source>
            <translation>Tisch eröffnen</translation>
        </message>
        <message>
            <source>type your name</source>
            <translation>gib deinen Namen ein</translation>
        </message>
        <message>
            <source>give the table a name</source>
            <translation>gib dem Tisch einen Namen</translation>
        </message>
        <message>
            <source>Random</source>
            <translation>Zufall</translation>
        </message>
        <message>
            <source>Easy</source>
            <translation>Leicht</translation>
        </message>
        <message>
            <source>Medium</source>
            <translation>Mittel</translation>
        </message>
        <message>
            <source>Hard</source>
            <translation>Schwer</translation>
        </message>
        <message>
            <source>Expert</source>
            <translation>Experte</translation>
        </message>
    </context>
    <context>
        <name>HostedGame</name>
        <message>
            <source>the table did not start in time</source>
            <translation>der Tisch ist nicht rechtzeitig gestartet</translation>
        </message>
        <message>
            <source>cannot listen on port {port}: {e}</source>
            <translation>Port {port} kann nicht geöffnet werden: {e}</translation>
        </message>
        <message>
            <source>this game cannot be resumed: {e}</source>
            <translation>dieses Spiel kann nicht fortgesetzt werden: {e}</translation>
        </message>
        <message>
            <source>port {port} is in use (is another table running?): pick another port</source>
            <translation>Port {port} ist belegt (läuft schon ein anderer Tisch?): wähle einen anderen Port</translation>
        </message>
    </context>
    <context>
        <name>Internet</name>
        <message>
            <source>Cannot join by this invitation</source>
            <translation>Mit dieser Einladung geht es nicht an den Tisch</translation>
        </message>
        <message>
            <source>The computer at the invitation's addresses is not that host (its key does not match): the invitation may be mistyped or from an older table.</source>
            <translation>Der Rechner unter den Adressen der Einladung ist nicht dieser Gastgeber (sein Schlüssel passt nicht): Die Einladung ist vielleicht vertippt oder von einem älteren Tisch.</translation>
        </message>
        <message>
            <source>Give your name too: patrician join INVITATION --name NAME</source>
            <translation>Gib auch deinen Namen an: patrician join EINLADUNG --name NAME</translation>
        </message>
        <message>
            <source>Cannot reach {host} ({reason}).</source>
            <translation>{host} ist nicht erreichbar ({reason}).</translation>
        </message>
        <message>
            <source>This is not a Patrician invitation: it begins with “patrician:” and is one long word of letters and digits. Copy it again, whole.</source>
            <translation>Das ist keine Patrician-Einladung: Sie beginnt mit „patrician:“ und ist ein langes Wort aus Buchstaben und Ziffern. Kopiere sie noch einmal, ganz.</translation>
        </message>
        <message>
            <source>This app cannot play over the internet on this computer (the iroh library is missing).</source>
            <translation>Diese App kann auf diesem Rechner nicht über das Internet spielen (die Bibliothek iroh fehlt).</translation>
        </message>
        <message>
            <source>Over the internet, directly and end-to-end encrypted.</source>
            <translation>Über das Internet, direkt und Ende-zu-Ende-verschlüsselt.</translation>
        </message>
        <message>
            <source>Over the internet through a relay, end-to-end encrypted: the relay passes on packets it cannot read. A direct path may follow.</source>
            <translation>Über das Internet durch ein Relay, Ende-zu-Ende-verschlüsselt: Das Relay reicht nur Pakete weiter, die es nicht lesen kann. Ein direkter Weg kann folgen.</translation>
        </message>
        <message>
            <source>{host} did not answer: the host's app may not be running, the invitation may be from an older table, or one side has no internet.</source>
            <translation>{host} antwortet nicht: Vielleicht läuft die App des Gastgebers nicht, die Einladung ist von einem älteren Tisch, oder eine Seite hat kein Internet.</translation>
        </message>
        <message>
            <source>This invitation is cut short or mistyped: ask the host to send it again, and copy the whole of it.</source>
            <translation>Diese Einladung ist abgeschnitten oder vertippt: Bitte den Gastgeber, sie noch einmal zu schicken, und kopiere sie ganz.</translation>
        </message>
    </context>
    <context>
        <name>InternetChoice</name>
        <message>
            <source>Open for the internet too (friends join by invitation)</source>
            <translation>Auch fürs Internet öffnen (Freunde kommen per Einladung)</translation>
        </message>
        <message>
            <source>End-to-end encrypted. If no direct path is found, the traffic goes through a relay, which passes on encrypted packets only.</source>
            <translation>Durchgehend verschlüsselt. Findet sich kein direkter Weg, laufen die Daten über ein Relais, das nur verschlüsselte Pakete weiterreicht.</translation>
        </message>
        <message>
            <source>relay: default, direct, or https://…</source>
            <translation>Relais: default, direct oder https://…</translation>
        </message>
        <message>
            <source>default: n0's public relays · direct: no relay · or your own relay's URL</source>
            <translation>default: die öffentlichen Relais von n0 · direct: kein Relais · oder die URL deines eigenen Relais</translation>
        </message>
        <message>
            <source>Relay</source>
            <translation>Relais</translation>
        </message>
        <message>
            <source>the relay must be “default”, “direct” or a URL such as https://relay.example.org</source>
            <translation>das Relais muss „default“, „direct“ oder eine URL wie https://relay.example.org sein</translation>
        </message>
    </context>
    <context>
        <name>InvitationBox</name>
        <message>
            <source>Invite friends over the internet</source>
            <translation>Freunde übers Internet einladen</translation>
        </message>
        <message>
            <source>Send this invitation to your friends (by chat or mail). Anyone who has it can join this table; the connection is encrypted end to end and checks this computer's key, so nobody in between can read the game or pass for you. It stays valid when you host this table again.</source>
            <translation>Schicke diese Einladung deinen Freunden (per Chat oder Mail). Wer sie hat, kann an diesen Tisch kommen; die Verbindung ist durchgehend verschlüsselt und prüft den Schlüssel dieses Rechners, so kann niemand dazwischen das Spiel lesen oder sich als du ausgeben. Sie bleibt gültig, wenn du diesen Tisch wieder eröffnest.</translation>
        </message>
        <message>
            <source>Invitation</source>
            <translation>Einladung</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>Kopieren</translation>
        </message>
        <message>
            <source>This table's key begins {key}.</source>
            <translation>Der Schlüssel dieses Tisches beginnt mit {key}.</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Kopiert</translation>
        </message>
    </context>
    <context>
        <name>JoinDialog</name>
        <message>
            <source>Join a LAN game</source>
            <translation>LAN-Spiel beitreten</translation>
        </message>
        <message>
            <source>Join a game on this network</source>
            <translation>Einem Spiel in diesem Netzwerk beitreten</translation>
        </message>
        <message>
            <source>Your name:</source>
            <translation>Dein Name:</translation>
        </message>
        <message>
            <source>Tables found on the network</source>
            <translation>Gefundene Tische im Netzwerk</translation>
        </message>
        <message>
            <source>Table</source>
            <translation>Tisch</translation>
        </message>
        <message>
            <source>Host</source>
            <translation>Gastgeber</translation>
        </message>
        <message>
            <source>Seats</source>
            <translation>Plätze</translation>
        </message>
        <message>
            <source>State</source>
            <translation>Stand</translation>
        </message>
        <message>
            <source>Looking for tables… (if none appears, join by address below)</source>
            <translation>Suche Tische … (erscheint keiner, tritt unten über die Adresse bei)</translation>
        </message>
        <message>
            <source>Watch</source>
            <translation>Zuschauen</translation>
        </message>
        <message>
            <source>Follow the game as a spectator: no hand, only the chat</source>
            <translation>Das Spiel als Zuschauer verfolgen: keine Handkarten, nur der Chat</translation>
        </message>
        <message>
            <source>Join table</source>
            <translation>Tisch beitreten</translation>
        </message>
        <message>
            <source>Join by address</source>
            <translation>Über Adresse beitreten</translation>
        </message>
        <message>
            <source>192.168.1.20:47147, [fe80::1]:47147 or an invitation (patrician:…)</source>
            <translation>192.168.1.20:47147, [fe80::1]:47147 oder eine Einladung (patrician:…)</translation>
        </message>
        <message>
            <source>Join</source>
            <translation>Beitreten</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <source>Cannot look for tables here ({e}); join by address.</source>
            <translation>Hier kann nicht nach Tischen gesucht werden ({e}); tritt über die Adresse bei.</translation>
        </message>
        <message>
            <source>In the lobby</source>
            <translation>In der Lobby</translation>
        </message>
        <message>
            <source>Playing</source>
            <translation>Im Spiel</translation>
        </message>
        <message>
            <source>Over</source>
            <translation>Vorbei</translation>
        </message>
        <message>
            <source>{taken} of {total} seated</source>
            <translation>{taken} von {total} besetzt</translation>
        </message>
        <message>
            <source> · {free} free</source>
            <translation> · {free} frei</translation>
        </message>
        <message numerus="yes">
            <source>%n table(s) found · the list follows tables as they open and close</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form.</translatorcomment>
            <translation>
                <numerusform>Ein Tisch gefunden · die Liste ändert sich, wenn Tische öffnen oder schließen</numerusform>
                <numerusform>%n Tische gefunden · die Liste ändert sich, wenn Tische öffnen oder schließen</numerusform>
            </translation>
        </message>
        <message>
            <source>Join (rejoin my seat)</source>
            <translation>Beitreten (meinen Platz wieder einnehmen)</translation>
        </message>
        <message>
            <source>Type your name first.</source>
            <translation>Gib zuerst deinen Namen ein.</translation>
        </message>
    </context>
    <context>
        <name>Keyboard</name>
        <message>
            <source>Play the card at that place in your hand</source>
            <translation>Die Karte an dieser Stelle deiner Hand ausspielen</translation>
        </message>
        <message>
            <source>Arrow keys</source>
            <translation>Pfeiltasten</translation>
        </message>
        <message>
            <source>Move the cursor over plots and face-up cards (left/right: next place, up/down: next city)</source>
            <translation>Den Cursor über Bauplätze und offene Karten bewegen (links/rechts: nächste Stelle, hoch/runter: nächste Stadt)</translation>
        </message>
        <message>
            <source>Jump to the next / previous place you may choose now</source>
            <translation>Zur nächsten / vorigen Stelle springen, die du jetzt wählen darfst</translation>
        </message>
        <message>
            <source>Build on plot A or B (when relocating: relocate from that plot of the city under the cursor)</source>
            <translation>Auf Bauplatz A oder B bauen (beim Versetzen: von diesem Bauplatz der Stadt unter dem Cursor versetzen)</translation>
        </message>
        <message>
            <source>Choose the place under the cursor; when the turn is ready, confirm it</source>
            <translation>Die Stelle unter dem Cursor wählen; ist der Zug fertig, ihn bestätigen</translation>
        </message>
        <message>
            <source>Confirm the turn</source>
            <translation>Den Zug bestätigen</translation>
        </message>
        <message>
            <source>Undo a step of this turn</source>
            <translatorcomment>Undo is „rückgängig machen“ everywhere (docs/glossary.md).</translatorcomment>
            <translation>Einen Schritt dieses Zuges rückgängig machen</translation>
        </message>
        <message>
            <source>Skip the relocation</source>
            <translatorcomment>Skipping the relocation is „verzichten“ everywhere (docs/glossary.md).</translatorcomment>
            <translation>Auf das Versetzen verzichten</translation>
        </message>
        <message>
            <source>Ask for a hint</source>
            <translation>Um einen Tipp bitten</translation>
        </message>
        <message>
            <source>Look through your played stack (R8); click a player for theirs, as far as the table shows it</source>
            <translation>Deinen Ablagestapel durchsehen (R8); klicke auf einen Spieler für seinen, soweit der Tisch ihn zeigt</translation>
        </message>
        <message>
            <source>Show the bots' moves at once</source>
            <translation>Die Züge der Bots sofort zeigen</translation>
        </message>
        <message>
            <source>Open the rules</source>
            <translation>Die Spielregeln öffnen</translation>
        </message>
        <message>
            <source>Read the whole board aloud (screen readers)</source>
            <translation>Den ganzen Spielplan vorlesen (Bildschirmleser)</translation>
        </message>
        <message>
            <source>Say again whose turn it is and what to do now</source>
            <translation>Wiederholen, wer am Zug ist und was jetzt zu tun ist</translation>
        </message>
        <message>
            <source>Move between the board, the players, the hand, the log and (at a LAN table) the chat</source>
            <translation>Zwischen Spielplan, Spielern, Handkarten, Protokoll und (am Tisch im LAN) dem Chat wechseln</translation>
        </message>
        <message>
            <source>It is not your turn: {name} is moving; {key} shows the bots' moves at once.</source>
            <translation>Du bist nicht am Zug: {name} ist am Zug; {key} zeigt die Züge der Bots sofort.</translation>
        </message>
        <message>
            <source>Your turn comes in a moment, {name}.</source>
            <translation>Gleich bist du am Zug, {name}.</translation>
        </message>
        <message>
            <source>No hint now.</source>
            <translation>Jetzt gibt es keinen Tipp.</translation>
        </message>
        <message>
            <source>Move the cursor to a city first (arrow keys or {tab})</source>
            <translation>Bewege den Cursor zuerst auf eine Stadt (Pfeiltasten oder {tab})</translation>
        </message>
        <message numerus="yes">
            <source>%n new floor(s) of yours here</source>
            <translation>
                <numerusform>%n neues Stockwerk von dir hier</numerusform>
                <numerusform>%n neue Stockwerke von dir hier</numerusform>
            </translation>
        </message>
        <message>
            <source>can be chosen now</source>
            <translation>jetzt wählbar</translation>
        </message>
        <message>
            <source>Choosing</source>
            <translation>Auswählen</translation>
        </message>
        <message>
            <source>The turn</source>
            <translation>Der Zug</translation>
        </message>
        <message>
            <source>Looking</source>
            <translation>Ansehen</translation>
        </message>
        <message>
            <source>The game</source>
            <translation>Das Spiel</translation>
        </message>
        <message>
            <source>No game on the table.</source>
            <translation>Es läuft kein Spiel.</translation>
        </message>
        <message>
            <source>The game is over; T says the result.</source>
            <translation>Das Spiel ist vorbei; T sagt das Ergebnis.</translation>
        </message>
        <message>
            <source>This is a replay: there is no turn to play.</source>
            <translation>Das ist eine Wiedergabe: Hier ist kein Zug zu spielen.</translation>
        </message>
        <message>
            <source>It is not your turn.</source>
            <translation>Du bist nicht am Zug.</translation>
        </message>
        <message>
            <source>It is not your turn: {name} is moving.</source>
            <translation>Du bist nicht am Zug: {name} ist am Zug.</translation>
        </message>
        <message>
            <source>Start a new game</source>
            <translation>Ein neues Spiel beginnen</translation>
        </message>
        <message>
            <source>Save the game</source>
            <translation>Das Spiel speichern</translation>
        </message>
        <message>
            <source>Load a saved game</source>
            <translation>Ein gespeichertes Spiel laden</translation>
        </message>
        <message>
            <source>Quit</source>
            <translation>Beenden</translation>
        </message>
    </context>
    <context>
        <name>LanController</name>
        <message>
            <source>Ta&amp;ble</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Tisch</translation>
        </message>
        <message>
            <source>Cannot host</source>
            <translation>Eröffnen nicht möglich</translation>
        </message>
        <message>
            <source>Cannot resume the game</source>
            <translation>Fortsetzen nicht möglich</translation>
        </message>
        <message>
            <source>Resume hosted game</source>
            <translation>Eigenen Tisch wieder eröffnen</translation>
        </message>
        <message>
            <source>There is no hosted game to resume.</source>
            <translation>Es gibt kein eröffnetes Spiel, das fortgesetzt werden kann.</translation>
        </message>
        <message>
            <source>Port {port} is in use now (is another table or program running?).</source>
            <translation>Port {port} ist jetzt belegt (läuft ein anderer Tisch oder ein anderes Programm?).</translation>
        </message>
        <message>
            <source>On port {other} the others must find the table again in their Join list.</source>
            <translation>Auf Port {other} müssen die anderen den Tisch in ihrer Beitreten-Liste neu auswählen.</translation>
        </message>
        <message>
            <source>Port in use</source>
            <translation>Port belegt</translation>
        </message>
        <message>
            <source>Close the table</source>
            <translation>Tisch schließen</translation>
        </message>
        <message>
            <source>The game ends for everyone, and the start screen does not offer to host it again.</source>
            <translation>Das Spiel endet für alle, und der Startbildschirm bietet nicht an, es wieder zu eröffnen.</translation>
        </message>
        <message>
            <source>{name}'s connection dropped; you may let a bot play the seat meanwhile (Table menu)</source>
            <translation>Die Verbindung von {name} ist abgebrochen; du kannst den Platz solange von einem Bot spielen lassen (Menü Tisch)</translation>
        </message>
        <message>
            <source>Close {table} and end the game for everyone?</source>
            <translation>{table} schließen und das Spiel für alle beenden?</translation>
        </message>
        <message>
            <source>The host closed the table before a game began.</source>
            <translation>Der Gastgeber hat den Tisch geschlossen, bevor ein Spiel begann.</translation>
        </message>
        <message>
            <source>Close the table (ends the game for everyone)…</source>
            <translation>Tisch schließen (beendet das Spiel für alle) …</translation>
        </message>
        <message>
            <source>Invite friends over the internet…</source>
            <translation>Freunde übers Internet einladen…</translation>
        </message>
        <message>
            <source>Resume on port {other}</source>
            <translation>Auf Port {other} fortsetzen</translation>
        </message>
        <message>
            <source>Rejoin</source>
            <translation>Wieder beitreten</translation>
        </message>
        <message>
            <source>There is no LAN game to rejoin.</source>
            <translation>Es gibt kein LAN-Spiel zum Wiederbeitreten.</translation>
        </message>
        <message>
            <source>the host of the invitation</source>
            <translation>dem Gastgeber der Einladung</translation>
        </message>
        <message>
            <source>Connecting to {where}…</source>
            <translation>Verbinde mit {where} …</translation>
        </message>
        <message>
            <source>an internet table (host key {key})</source>
            <translation>Internet-Tisch, Schlüssel des Gastgebers {key}</translation>
        </message>
        <message>
            <source>Let a bot play for {name} now</source>
            <translation>Jetzt einen Bot für {name} spielen lassen</translation>
        </message>
        <message>
            <source>Let a bot play for {name} after the usual wait</source>
            <translation>Nach der üblichen Wartezeit einen Bot für {name} spielen lassen</translation>
        </message>
        <message>
            <source>Keep waiting for {name} (no bot)</source>
            <translation>Weiter auf {name} warten (kein Bot)</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <source>Connecting</source>
            <translation>Verbinde</translation>
        </message>
        <message>
            <source>Your table is open again.</source>
            <translation>Dein Tisch ist wieder geöffnet.</translation>
        </message>
        <message>
            <source>Connected again.</source>
            <translation>Wieder verbunden.</translation>
        </message>
        <message>
            <source>The game is over: the host closed the table</source>
            <translation>Das Spiel ist vorbei: Der Gastgeber hat den Tisch geschlossen</translation>
        </message>
        <message>
            <source>Your seat at {table} is gone</source>
            <translation>{table}: Dein Platz ist weg</translation>
        </message>
        <message>
            <source>Waiting for {name}…</source>
            <translation>Warte auf {name} …</translation>
        </message>
        <message>
            <source>Waiting for {name} to come back…</source>
            <translation>Warte, bis {name} zurückkommt …</translation>
        </message>
        <message>
            <source>{name} plays at another computer · the chat is on the right</source>
            <translation>{name} spielt an einem anderen Rechner · der Chat ist rechts</translation>
        </message>
        <message>
            <source>{name}'s connection dropped; the host may let a bot play the seat meanwhile</source>
            <translation>Die Verbindung von {name} ist abgebrochen; der Gastgeber kann den Platz solange von einem Bot spielen lassen</translation>
        </message>
        <message>
            <source>Your turn at {table}</source>
            <translation>{table}: Du bist am Zug</translation>
        </message>
        <message>
            <source>Patrician</source>
            <translation>Patrizier</translation>
        </message>
        <message>
            <source>Everyone is connected</source>
            <translation>Alle sind verbunden</translation>
        </message>
        <message>
            <source>Leave the table (your seat waits for you)</source>
            <translation>Tisch verlassen (dein Platz wartet auf dich)</translation>
        </message>
        <message>
            <source>Stop watching</source>
            <translation>Nicht mehr zuschauen</translation>
        </message>
        <message>
            <source>A bot plays for {name} in {n} s (Table menu: keep waiting for {name}).</source>
            <translation>In {n} s spielt ein Bot für {name} (Menü Tisch: weiter auf {name} warten).</translation>
        </message>
        <message>
            <source>&amp;Rematch at this table</source>
            <translation>&amp;Revanche an diesem Tisch</translation>
        </message>
        <message>
            <source>Everyone stays at the table for a new deal; or close the table from the Table menu.</source>
            <translation>Alle bleiben für eine neue Runde am Tisch; oder schließe den Tisch im Menü Tisch.</translation>
        </message>
        <message>
            <source>Waiting for {name} to start a rematch…</source>
            <translation>Warte, bis {name} eine Revanche startet …</translation>
        </message>
        <message>
            <source>Waiting for the host to start a rematch…</source>
            <translation>Warte, bis der Gastgeber eine Revanche startet …</translation>
        </message>
        <message>
            <source>A rematch at {table}: a new deal, the same seats.</source>
            <translation>{table}: Revanche – neu ausgeteilt, dieselben Plätze.</translation>
        </message>
        <message>
            <source>Rematch</source>
            <translation>Revanche</translation>
        </message>
        <message>
            <source>The host starts a rematch at {table}.</source>
            <translation>{table}: Der Gastgeber startet eine Revanche.</translation>
        </message>
        <message>
            <source>Your seat is kept for the new deal. Stay for it, or leave the table.</source>
            <translation>Dein Platz bleibt für die neue Runde frei. Bleib dabei oder verlass den Tisch.</translation>
        </message>
        <message>
            <source>Stay for the rematch</source>
            <translation>Zur Revanche bleiben</translation>
        </message>
        <message>
            <source>Leave the table</source>
            <translation>Tisch verlassen</translation>
        </message>
        <message>
            <source>Save record</source>
            <translation>Partie speichern</translation>
        </message>
    </context>
    <context>
        <name>Language</name>
        <message>
            <source>&amp;Language</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Sprache</translation>
        </message>
    </context>
    <context>
        <name>LeaveGuard</name>
        <message>
            <source>Leave this game?</source>
            <translation>Dieses Spiel verlassen?</translation>
        </message>
        <message>
            <source>&amp;Leave the game</source>
            <translation>Spiel &amp;verlassen</translation>
        </message>
        <message>
            <source>&amp;Stay</source>
            <translation>&amp;Bleiben</translation>
        </message>
        <message>
            <source>Leave the game of {players}? It is not over yet (turn {turn}).</source>
            <translation>Das Spiel von {players} verlassen? Es ist noch nicht zu Ende (Zug {turn}).</translation>
        </message>
        <message>
            <source>Your table closes until you open it again with “Host {table} again” on the start screen; the others wait for you.</source>
            <translation>Dein Tisch schließt, bis du ihn auf dem Startbildschirm mit „{table} wieder eröffnen“ wieder öffnest; die anderen warten auf dich.</translation>
        </message>
        <message>
            <source>Your seat waits for you: “Rejoin” on the start screen takes it back.</source>
            <translation>Dein Platz wartet auf dich: „Wieder beitreten“ auf dem Startbildschirm holt ihn zurück.</translation>
        </message>
        <message>
            <source>The tutorial game is not kept.</source>
            <translation>Das Spiel der Einführung wird nicht aufbewahrt.</translation>
        </message>
        <message>
            <source>It is kept: “Continue” on the start screen brings it back.</source>
            <translation>Es bleibt erhalten: „Fortsetzen“ auf dem Startbildschirm holt es zurück.</translation>
        </message>
    </context>
    <context>
        <name>Liveliness</name>
        <message>
            <source>&amp;Reduce motion</source>
            <translation>Bewegung &amp;verringern</translation>
        </message>
        <message>
            <source>Pieces appear where they land instead of travelling</source>
            <translation>Spielsteine und Karten erscheinen dort, wo sie landen, statt dorthin zu fliegen</translation>
        </message>
        <message>
            <source>&amp;Sound</source>
            <translation>T&amp;on</translation>
        </message>
        <message>
            <source>&amp;Mute</source>
            <translation>&amp;Stumm</translation>
        </message>
        <message>
            <source>Volume {percent} %</source>
            <translation>Lautstärke {percent} %</translation>
        </message>
    </context>
    <context>
        <name>LobbyView</name>
        <message>
            <source>Random</source>
            <translation>Zufall</translation>
        </message>
        <message>
            <source>Easy</source>
            <translation>Leicht</translation>
        </message>
        <message>
            <source>Medium</source>
            <translation>Mittel</translation>
        </message>
        <message>
            <source>Hard</source>
            <translation>Schwer</translation>
        </message>
        <message>
            <source>Expert</source>
            <translation>Experte</translation>
        </message>
        <message>
            <source>Seats</source>
            <translation>Plätze</translation>
        </message>
        <message>
            <source>Leave the table</source>
            <translation>Tisch verlassen</translation>
        </message>
        <message>
            <source>Start the game</source>
            <translation>Spiel starten</translation>
        </message>
        <message>
            <source>You host this table · others join at {address}</source>
            <translation>Du bist Gastgeber dieses Tisches · andere treten unter {address} bei</translation>
        </message>
        <message>
            <source>Lobby at {address} · the host starts the game</source>
            <translation>Lobby unter {address} · der Gastgeber startet das Spiel</translation>
        </message>
        <message>
            <source>&lt;b&gt;How the others join&lt;/b&gt;&lt;br&gt;On this network they find &lt;i&gt;{table}&lt;/i&gt; under &lt;i&gt;Join LAN game&lt;/i&gt; on the start screen. Where discovery is blocked they type &lt;b&gt;{address}&lt;/b&gt;.&lt;br&gt;Set each free seat to wait for a player or to be played by a bot; once every seat is filled, say hello and press &lt;i&gt;Start the game&lt;/i&gt;.</source>
            <translation>&lt;b&gt;So treten die anderen bei&lt;/b&gt;&lt;br&gt;In diesem Netzwerk finden sie &lt;i&gt;{table}&lt;/i&gt; auf dem Startbildschirm unter &lt;i&gt;LAN-Spiel beitreten&lt;/i&gt;. Wo die Suche blockiert ist, geben sie &lt;b&gt;{address}&lt;/b&gt; ein.&lt;br&gt;Lass jeden freien Platz auf einen Spieler warten oder von einem Bot spielen; sobald jeder Platz besetzt ist, sag Hallo und drück &lt;i&gt;Spiel starten&lt;/i&gt;.</translation>
        </message>
        <message>
            <source>&lt;b&gt;While you wait&lt;/b&gt;&lt;br&gt;The host fills the free seats with players or bots and starts the game. Take another open seat if you like, and say hello in the chat.</source>
            <translation>&lt;b&gt;Während du wartest&lt;/b&gt;&lt;br&gt;Der Gastgeber besetzt die freien Plätze mit Spielern oder Bots und startet das Spiel. Nimm gern einen anderen freien Platz und sag Hallo im Chat.</translation>
        </message>
        <message>
            <source>{table}: every stack, won tile and score is shown to everyone.</source>
            <translation>{table}: Alle Ablagestapel, gewonnenen Plättchen und Punktestände sind für alle sichtbar.</translation>
        </message>
        <message>
            <source>{table}: as in the box, others see only the top card of your played stack and how many fame tiles you won, face down.</source>
            <translation>{table}: Nach der Spielregel sehen die anderen nur die oberste Karte deines Ablagestapels und wie viele Ruhmesplättchen du verdeckt gewonnen hast.</translation>
        </message>
        <message>
            <source>Open for a player</source>
            <translatorcomment>A seat that waits for a person at another computer; a player is „Spieler“ (docs/glossary.md).</translatorcomment>
            <translation>Frei für einen Spieler</translation>
        </message>
        <message>
            <source>Bot · {level}</source>
            <translation>Bot · {level}</translation>
        </message>
        <message>
            <source>Invite friends over the internet…</source>
            <translation>Freunde übers Internet einladen…</translation>
        </message>
        <message>
            <source>Close the table</source>
            <translation>Tisch schließen</translation>
        </message>
        <message>
            <source>Remove…</source>
            <translatorcomment>German puts a space before the ellipsis („Entfernen …“), as in every other entry.</translatorcomment>
            <translation>Entfernen …</translation>
        </message>
        <message>
            <source>Remove {name} from the table</source>
            <translation>{name} vom Tisch entfernen</translation>
        </message>
        <message>
            <source>Take this seat</source>
            <translation>Diesen Platz nehmen</translation>
        </message>
        <message>
            <source>At least two seats must be filled</source>
            <translation>Mindestens zwei Plätze müssen besetzt sein</translation>
        </message>
        <message numerus="yes">
            <source>Start with %n player(s)</source>
            <translation>
                <numerusform>Mit %n Spieler starten</numerusform>
                <numerusform>Mit %n Spielern starten</numerusform>
            </translation>
        </message>
        <message>
            <source>{name} went offline: wait for them to come back, or remove them to open the seat.</source>
            <translation>{name} ist nicht mehr verbunden: Warte auf die Rückkehr oder gib den Platz mit „Entfernen …“ frei.</translation>
        </message>
        <message>
            <source>Every seat is filled: start the game when everyone is ready.</source>
            <translation>Jeder Platz ist besetzt: Starte das Spiel, wenn alle bereit sind.</translation>
        </message>
        <message>
            <source>Waiting for players: at least two seats must be filled to start.</source>
            <translation>Warte auf Spieler: Zum Start müssen mindestens zwei Plätze besetzt sein.</translation>
        </message>
        <message numerus="yes">
            <source>%n seat(s) still open.</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form.</translatorcomment>
            <translation>
                <numerusform>Ein Platz ist noch frei.</numerusform>
                <numerusform>%n Plätze sind noch frei.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Start now with %n player(s), or wait for more.</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form. Player = „Spieler“.</translatorcomment>
            <translation>
                <numerusform>Starte jetzt mit %n Spieler oder warte auf weitere.</numerusform>
                <numerusform>Starte jetzt mit %n Spielern oder warte auf weitere.</numerusform>
            </translation>
        </message>
        <message>
            <source>You watch this table: take an open seat to play.</source>
            <translation>Du schaust an diesem Tisch zu: Nimm einen freien Platz, um mitzuspielen.</translation>
        </message>
        <message>
            <source>Waiting for the host to start the game…</source>
            <translation>Warte, bis der Gastgeber das Spiel startet …</translation>
        </message>
        <message>
            <source>Watching: {names}</source>
            <translation>Zuschauer: {names}</translation>
        </message>
        <message>
            <source>{name} went offline; the seat waits for them a while.</source>
            <translation>{name} ist nicht mehr verbunden; der Platz wartet eine Weile.</translation>
        </message>
        <message>
            <source>{name} is back.</source>
            <translation>{name} ist wieder da.</translation>
        </message>
        <message>
            <source>Open seat</source>
            <translation>Freier Platz</translation>
        </message>
        <message>
            <source>waiting for a player</source>
            <translation>wartet auf einen Spieler</translation>
        </message>
        <message>
            <source>you</source>
            <translation>du</translation>
        </message>
        <message>
            <source>player</source>
            <translation>Spieler</translation>
        </message>
        <message>
            <source>host</source>
            <translation>Gastgeber</translation>
        </message>
        <message>
            <source>connected</source>
            <translation>verbunden</translation>
        </message>
        <message>
            <source>offline</source>
            <translation>offline</translation>
        </message>
        <message>
            <source>Remove a player</source>
            <translation>Spieler entfernen</translation>
        </message>
        <message>
            <source>Remove {name} from the table?</source>
            <translation>{name} vom Tisch entfernen?</translation>
        </message>
        <message>
            <source>The seat becomes open for another player. {name} can join again as a new player while a seat is open.</source>
            <translation>Der Platz wird für einen anderen Spieler frei. {name} kann als neuer Spieler wieder beitreten, solange ein Platz frei ist.</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>Entfernen</translation>
        </message>
    </context>
    <context>
        <name>Log</name>
        <message>
            <source>nobody</source>
            <translation>niemand</translation>
        </message>
        <message>
            <source>(unknown event {e})</source>
            <translation>(unbekanntes Ereignis {e})</translation>
        </message>
        <message>
            <source>{who} played {card}</source>
            <translation>{who} spielte {card}</translation>
        </message>
        <message>
            <source>{who} built a floor in {city} (plot {plot})</source>
            <translation>{who} baute ein Stockwerk in {city} (Bauplatz {plot})</translation>
        </message>
        <message>
            <source>{city} scored — {awards}</source>
            <translation>{city} gewertet — {awards}</translation>
        </message>
        <message>
            <source>{who} took {card} from {city}</source>
            <translation>{who} nahm {card} bei {city}</translation>
        </message>
        <message>
            <source>{card} was laid at {city}</source>
            <translation>{card} wurde bei {city} ausgelegt</translation>
        </message>
        <message>
            <source>Game over — won by {winners}</source>
            <translation>Spielende — gewonnen von {winners}</translation>
        </message>
        <message>
            <source>{who} relocated a floor in {city} from plot {a} to plot {b}</source>
            <translation>{who} versetzte ein Stockwerk in {city} von Bauplatz {a} auf Bauplatz {b}</translation>
        </message>
        <message>
            <source>{name} is back at the table</source>
            <translation>{name} ist zurück am Tisch</translation>
        </message>
        <message>
            <source>{who} is gone</source>
            <translation>{who} ist weg</translation>
        </message>
        <message>
            <source>{who} is now played by someone else</source>
            <translation>{who} wird jetzt von jemand anderem gespielt</translation>
        </message>
        <message>
            <source>{who}'s connection was lost (no answer)</source>
            <translation>Die Verbindung zu {who} ist verloren (keine Antwort)</translation>
        </message>
        <message>
            <source>{who}'s app closed the connection</source>
            <translation>Die App von {who} hat die Verbindung beendet</translation>
        </message>
        <message>
            <source>{who} left the table</source>
            <translation>{who} hat den Tisch verlassen</translation>
        </message>
        <message>
            <source>{who} is now played by a bot</source>
            <translatorcomment>Log line when the host lets a bot take over a seat whose player left.</translatorcomment>
            <translation>{who} wird jetzt von einem Bot gespielt</translation>
        </message>
        <message>
            <source>{who} is played by a player again</source>
            <translatorcomment>Log line when the player comes back to the seat a bot played meanwhile.</translatorcomment>
            <translation>{who} wird wieder von einem Spieler gespielt</translation>
        </message>
        <message numerus="yes">
            <source>{who} built %n floor(s) in {city} ({plots})</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form. Floor = „Stockwerk“.</translatorcomment>
            <translation>
                <numerusform>{who} baute %n Stockwerk in {city} ({plots})</numerusform>
                <numerusform>{who} baute %n Stockwerke in {city} ({plots})</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>Random</source>
            <translation>Zufall</translation>
        </message>
        <message>
            <source>Easy</source>
            <translation>Leicht</translation>
        </message>
        <message>
            <source>Medium</source>
            <translation>Mittel</translation>
        </message>
        <message>
            <source>Hard</source>
            <translation>Schwer</translation>
        </message>
        <message>
            <source>Expert</source>
            <translation>Experte</translation>
        </message>
        <message>
            <source>Patrician</source>
            <translation>Patrizier</translation>
        </message>
        <message>
            <source>&amp;Game</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Spiel</translation>
        </message>
        <message>
            <source>&amp;New game…</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Neues Spiel …</translation>
        </message>
        <message>
            <source>&amp;Main menu</source>
            <translation>Haupt&amp;menü</translation>
        </message>
        <message>
            <source>Back to the start screen (an unfinished game is kept)</source>
            <translation>Zurück zum Startbildschirm (ein angefangenes Spiel bleibt erhalten)</translation>
        </message>
        <message>
            <source>&amp;Save game…</source>
            <translation>Spiel &amp;speichern …</translation>
        </message>
        <message>
            <source>&amp;Load a saved game…</source>
            <translation>Gespeichertes Spiel &amp;laden …</translation>
        </message>
        <message>
            <source>&amp;Export record…</source>
            <translation>Partie &amp;exportieren …</translation>
        </message>
        <message>
            <source>&amp;Replay a record…</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Partie nachspielen …</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Beenden</translation>
        </message>
        <message>
            <source>&amp;Turn</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Zug</translation>
        </message>
        <message>
            <source>&amp;Undo a step</source>
            <translatorcomment>Undo is „rückgängig machen“ everywhere (docs/glossary.md). The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>Schritt &amp;rückgängig machen</translation>
        </message>
        <message>
            <source>&amp;Skip relocation</source>
            <translatorcomment>Skipping the relocation is „verzichten“ everywhere (docs/glossary.md). The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>Auf Versetzen &amp;verzichten</translation>
        </message>
        <message>
            <source>&amp;Confirm turn</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>Zug &amp;bestätigen</translation>
        </message>
        <message>
            <source>&amp;Hint</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Tipp</translation>
        </message>
        <message>
            <source>Confirm &amp;automatically</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Automatisch bestätigen</translation>
        </message>
        <message>
            <source>relocate the top floor of {city} {plot}</source>
            <translation>versetze das oberste Stockwerk von {city} {plot}</translation>
        </message>
        <message>
            <source>This record was kept at {name}'s seat on another computer, and what it kept does not add up, so it cannot be replayed: {e}</source>
            <translation>Diese Partie wurde am Platz von {name} auf einem anderen Computer aufgezeichnet, aber was sie festhält, passt nicht zusammen, deshalb kann sie nicht nachgespielt werden: {e}</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Ansicht</translation>
        </message>
        <message>
            <source>&amp;Animation speed</source>
            <translation>&amp;Tempo der Animationen</translation>
        </message>
        <message>
            <source>Instant</source>
            <translation>Sofort</translation>
        </message>
        <message>
            <source>Fast</source>
            <translation>Schnell</translation>
        </message>
        <message>
            <source>Normal</source>
            <translation>Normal</translation>
        </message>
        <message>
            <source>Slow</source>
            <translation>Langsam</translation>
        </message>
        <message>
            <source>&amp;High-contrast colours</source>
            <translatorcomment>The letter after &amp; is the Alt key: no two entries of one menu or dialog may share a letter (tests/ui/text/test_mnemonics.py).</translatorcomment>
            <translation>&amp;Kontrastreiche Farben</translation>
        </message>
        <message>
            <source>Look through your &amp;played stack</source>
            <translation>Deinen &amp;Ablagestapel durchsehen</translation>
        </message>
        <message>
            <source>Show the bots' moves at once</source>
            <translation>Die Züge der Bots sofort zeigen</translation>
        </message>
        <message>
            <source>&amp;Watch again</source>
            <translation>&amp;Noch einmal ansehen</translation>
        </message>
        <message>
            <source>Replay: {names}</source>
            <translation>Wiedergabe: {names}</translation>
        </message>
        <message>
            <source>A new game begins: {names}</source>
            <translation>Ein neues Spiel beginnt: {names}</translation>
        </message>
        <message>
            <source>The game continues at turn {n}</source>
            <translation>Das Spiel geht weiter mit Zug {n}</translation>
        </message>
        <message>
            <source>Replay</source>
            <translation>Wiedergabe</translation>
        </message>
        <message>
            <source>This record cannot be replayed: {e}</source>
            <translation>Diese Partie kann nicht nachgespielt werden: {e}</translation>
        </message>
        <message>
            <source>Replay a record</source>
            <translation>Partie nachspielen</translation>
        </message>
        <message>
            <source>Patrician records (*.patrician.json *.json)</source>
            <translation>Patrizier-Partien (*.patrician.json *.json)</translation>
        </message>
        <message>
            <source>Seat {n}</source>
            <translation>Platz {n}</translation>
        </message>
        <message>
            <source>Bot · {level}</source>
            <translation>Bot · {level}</translation>
        </message>
        <message>
            <source>Human</source>
            <translatorcomment>The kind of a seat beside „Bot · …“: „Mensch“, only for this kind; a player is „Spieler“ (docs/glossary.md).</translatorcomment>
            <translation>Mensch</translation>
        </message>
        <message>
            <source>{label} · you</source>
            <translation>{label} · du</translation>
        </message>
        <message>
            <source>{label} · hand shown</source>
            <translation>{label} · Hand sichtbar</translation>
        </message>
        <message>
            <source>Players · open table</source>
            <translation>Spieler · offener Tisch</translation>
        </message>
        <message>
            <source>Players · as in the box</source>
            <translation>Spieler · nach Spielregel</translation>
        </message>
        <message>
            <source>{name} plays {card}</source>
            <translation>{name} spielt {card}</translation>
        </message>
        <message>
            <source>{key}: show the bots' moves at once</source>
            <translation>{key}: Züge der Bots sofort zeigen</translation>
        </message>
        <message>
            <source>Hand of {name}</source>
            <translation>Handkarten von {name}</translation>
        </message>
        <message>
            <source>Hand</source>
            <translation>Handkarten</translation>
        </message>
        <message>
            <source>The game is over</source>
            <translation>Das Spiel ist vorbei</translation>
        </message>
        <message>
            <source>Your turn, {name}</source>
            <translation>Du bist am Zug, {name}</translation>
        </message>
        <message>
            <source>Pass the game to {name}</source>
            <translation>Gib das Spiel an {name} weiter</translation>
        </message>
        <message>
            <source>{name} is thinking…</source>
            <translation>{name} überlegt …</translation>
        </message>
        <message>
            <source>The Hard bot is thinking about your turn…</source>
            <translation>Der Bot „Schwer“ denkt über deinen Zug nach …</translation>
        </message>
        <message>
            <source>No hint is available now</source>
            <translation>Gerade gibt es keinen Tipp</translation>
        </message>
        <message>
            <source>play {card}</source>
            <translation>spiele {card}</translation>
        </message>
        <message>
            <source>build {plots} in {city}</source>
            <translation>baue {plots} in {city}</translation>
        </message>
        <message>
            <source>take the card at {city}</source>
            <translation>nimm die Karte bei {city}</translation>
        </message>
        <message>
            <source>Hint: {what}</source>
            <translation>Tipp: {what}</translation>
        </message>
        <message>
            <source>Save game</source>
            <translation>Spiel speichern</translation>
        </message>
        <message>
            <source>Patrician saves (*.patrician.json *.json)</source>
            <translation>Patrizier-Spielstände (*.patrician.json *.json)</translation>
        </message>
        <message>
            <source>Could not save: {e}</source>
            <translation>Speichern fehlgeschlagen: {e}</translation>
        </message>
        <message>
            <source>Game saved to {path}</source>
            <translation>Spiel gespeichert unter {path}</translation>
        </message>
        <message>
            <source>Export record</source>
            <translation>Partie exportieren</translation>
        </message>
        <message>
            <source>Record saved to {path}</source>
            <translation>Partie gespeichert unter {path}</translation>
        </message>
        <message>
            <source>{app} — {name}'s turn</source>
            <translation>{app} — {name} ist am Zug</translation>
        </message>
        <message>
            <source>{app} — game over</source>
            <translation>{app} — Spiel vorbei</translation>
        </message>
        <message>
            <source>{app} — your turn, {name}</source>
            <translation>{app} — du bist am Zug, {name}</translation>
        </message>
    </context>
    <context>
        <name>MotionDirector</name>
        <message>
            <source>{city}: no majority, no tile</source>
            <translation>{city}: keine Mehrheit, kein Ruhmesplättchen</translation>
        </message>
    </context>
    <context>
        <name>NetText</name>
        <message>
            <source>The host closed the connection.</source>
            <translation>Der Gastgeber hat die Verbindung beendet.</translation>
        </message>
        <message>
            <source>Not connected to the host.</source>
            <translation>Nicht mit dem Gastgeber verbunden.</translation>
        </message>
        <message>
            <source>The game has not started yet: there is no turn to answer.</source>
            <translation>Das Spiel hat noch nicht begonnen: Es gibt noch keinen Zug zu beantworten.</translation>
        </message>
        <message>
            <source>Trying again…</source>
            <translation>Neuer Versuch …</translation>
        </message>
        <message>
            <source>The host speaks protocol version {theirs}, this app version {ours}.</source>
            <translation>Der Gastgeber spricht Protokollversion {theirs}, diese App Version {ours}.</translation>
        </message>
        <message>
            <source>The game has started and no seat is open.</source>
            <translation>Das Spiel läuft schon, und kein Platz ist frei.</translation>
        </message>
        <message>
            <source>Every seat at this table is taken.</source>
            <translation>Jeder Platz an diesem Tisch ist besetzt.</translation>
        </message>
        <message>
            <source>There is no room for more spectators.</source>
            <translation>Für weitere Zuschauer ist kein Platz.</translation>
        </message>
        <message>
            <source>Too many are connected to this host.</source>
            <translation>Mit diesem Gastgeber sind zu viele verbunden.</translation>
        </message>
        <message>
            <source>Your seat was taken over by a newer connection (did you join again from elsewhere?).</source>
            <translation>Eine neuere Verbindung hat deinen Platz übernommen (bist du anderswo noch einmal beigetreten?).</translation>
        </message>
        <message>
            <source>The host removed you from the table.</source>
            <translation>Der Gastgeber hat dich vom Tisch entfernt.</translation>
        </message>
        <message>
            <source>That seat is taken.</source>
            <translation>Dieser Platz ist besetzt.</translation>
        </message>
        <message>
            <source>That seat does not exist.</source>
            <translation>Diesen Platz gibt es nicht.</translation>
        </message>
        <message>
            <source>The game has already started.</source>
            <translation>Das Spiel hat schon begonnen.</translation>
        </message>
        <message>
            <source>Seats can change only in the lobby.</source>
            <translation>Plätze lassen sich nur in der Lobby ändern.</translation>
        </message>
        <message>
            <source>The game has not started yet.</source>
            <translation>Das Spiel hat noch nicht begonnen.</translation>
        </message>
        <message>
            <source>The game is over.</source>
            <translation>Das Spiel ist vorbei.</translation>
        </message>
        <message>
            <source>It is {name}'s turn.</source>
            <translation>{name} ist am Zug.</translation>
        </message>
        <message>
            <source>A bot plays this seat now.</source>
            <translation>Diesen Platz spielt jetzt ein Bot.</translation>
        </message>
        <message>
            <source>Spectators cannot play.</source>
            <translation>Zuschauer können nicht mitspielen.</translation>
        </message>
        <message>
            <source>This turn answers an earlier position; the game has moved on.</source>
            <translation>Dieser Zug antwortet auf eine frühere Stellung; das Spiel ist schon weiter.</translation>
        </message>
        <message>
            <source>The host could not check this turn.</source>
            <translation>Der Gastgeber konnte diesen Zug nicht prüfen.</translation>
        </message>
        <message>
            <source>That is possible only during a game.</source>
            <translation>Das geht nur während eines Spiels.</translation>
        </message>
        <message>
            <source>The player of that seat has not left.</source>
            <translation>Wer an diesem Platz sitzt, ist nicht gegangen.</translation>
        </message>
        <message>
            <source>{name} sits at that seat.</source>
            <translation>An diesem Platz sitzt {name}.</translation>
        </message>
        <message>
            <source>A rematch can follow only a finished game.</source>
            <translation>Eine Revanche gibt es erst nach einem beendeten Spiel.</translation>
        </message>
        <message>
            <source>A player needs a name.</source>
            <translation>Ein Spieler braucht einen Namen.</translation>
        </message>
        <message>
            <source>Someone at this table is already called {name}: choose another name.</source>
            <translation>An diesem Tisch heißt schon jemand {name}: Wähle einen anderen Namen.</translation>
        </message>
        <message>
            <source>A game needs at least two filled seats (R3).</source>
            <translation>Ein Spiel braucht mindestens zwei besetzte Plätze (R3).</translation>
        </message>
        <message>
            <source>This table runs another version of the game's network protocol.</source>
            <translation>An diesem Tisch läuft eine andere Version des Netzwerkprotokolls.</translation>
        </message>
        <message>
            <source>There is no room for you at this table.</source>
            <translation>An diesem Tisch ist kein Platz für dich frei.</translation>
        </message>
        <message>
            <source>The host holds no seat for you at this table (any more).</source>
            <translation>Der Gastgeber hält an diesem Tisch keinen Platz (mehr) für dich frei.</translation>
        </message>
        <message>
            <source>The host did not change the seat.</source>
            <translation>Der Gastgeber hat den Platz nicht geändert.</translation>
        </message>
        <message>
            <source>The host did not take the turn: it is not yours to play now.</source>
            <translation>Der Gastgeber hat den Zug nicht angenommen: Du bist gerade nicht am Zug.</translation>
        </message>
        <message>
            <source>This app sent too many messages at once; the host dropped one.</source>
            <translation>Diese App hat zu viele Nachrichten auf einmal gesendet; der Gastgeber hat eine verworfen.</translation>
        </message>
        <message>
            <source>The host could not handle a message from this app.</source>
            <translation>Der Gastgeber konnte eine Nachricht dieser App nicht verarbeiten.</translation>
        </message>
        <message>
            <source>The host does not know a message this app sent.</source>
            <translation>Der Gastgeber kennt eine Nachricht nicht, die diese App gesendet hat.</translation>
        </message>
        <message>
            <source>The host could not read what this app sent.</source>
            <translation>Der Gastgeber konnte nicht lesen, was diese App gesendet hat.</translation>
        </message>
        <message>
            <source>Someone at this table already has that name.</source>
            <translation>An diesem Tisch trägt schon jemand diesen Namen.</translation>
        </message>
        <message>
            <source>The host did not accept that name.</source>
            <translation>Der Gastgeber hat diesen Namen nicht angenommen.</translation>
        </message>
        <message>
            <source>The host is busy with too many connections from this computer; trying again.</source>
            <translation>Der Gastgeber hat zu viele Verbindungen von diesem Rechner; neuer Versuch.</translation>
        </message>
        <message>
            <source>A problem with the connection: {text}</source>
            <translation>Ein Problem mit der Verbindung: {text}</translation>
        </message>
        <message>
            <source>Trying again (attempt {n}, {s} s)…</source>
            <translation>Neuer Versuch ({n}. Versuch, {s} s) …</translation>
        </message>
        <message>
            <source>The host says: “{message}”</source>
            <translation>Der Gastgeber schreibt: „{message}“</translation>
        </message>
        <message>
            <source>The host reports: “{message}”</source>
            <translation>Der Gastgeber meldet: „{message}“</translation>
        </message>
        <message>
            <source>{port} is not a port number (1–65535).</source>
            <translation>{port} ist keine Portnummer (1–65535).</translation>
        </message>
        <message>
            <source>Cannot find the computer “{host}” ({reason}).</source>
            <translation>Der Rechner „{host}“ ist nicht zu finden ({reason}).</translation>
        </message>
        <message>
            <source>Cannot reach {host}:{port} ({reason}).</source>
            <translation>{host}:{port} ist nicht erreichbar ({reason}).</translation>
        </message>
        <message>
            <source>Nothing accepts connections at {host}:{port}. Is the host running, and is the port right?</source>
            <translation>Unter {host}:{port} nimmt niemand Verbindungen an. Läuft der Gastgeber, und stimmt der Port?</translation>
        </message>
        <message>
            <source>The host sent more than {n} messages a second: this app hung up on it.</source>
            <translation>Der Gastgeber hat mehr als {n} Nachrichten pro Sekunde gesendet: Diese App hat die Verbindung beendet.</translation>
        </message>
        <message>
            <source>The game is over: the host ended it for everyone. You can save what you saw.</source>
            <translation>Das Spiel ist vorbei: Der Gastgeber hat es für alle beendet. Du kannst speichern, was du gesehen hast.</translation>
        </message>
        <message>
            <source>The host sent more than {n} chat lines a second: this app hung up on it.</source>
            <translation>Der Gastgeber hat mehr als {n} Chatzeilen pro Sekunde gesendet: Diese App hat die Verbindung beendet.</translation>
        </message>
        <message>
            <source>The host sent more than {n} KB a second: this app hung up on it.</source>
            <translation>Der Gastgeber hat mehr als {n} KB pro Sekunde gesendet: Diese App hat die Verbindung beendet.</translation>
        </message>
        <message>
            <source>Reconnecting to {table}…</source>
            <translation>Verbinde erneut mit „{table}“ …</translation>
        </message>
        <message>
            <source>The connection to {table} has ended</source>
            <translation>Die Verbindung zu „{table}“ ist beendet</translation>
        </message>
        <message>
            <source>{table} is not open any more</source>
            <translation>„{table}“ ist nicht mehr geöffnet</translation>
        </message>
        <message>
            <source>The host must open the table again (on the start screen: Host … again); your seat waits in its saved game.</source>
            <translation>Der Gastgeber muss den Tisch wieder eröffnen (auf dem Startbildschirm: … wieder eröffnen); dein Platz wartet im gespeicherten Spiel.</translation>
        </message>
        <message>
            <source>{where} does not answer: the network may be down, or the host's computer asleep or off.</source>
            <translation>{where} antwortet nicht: Vielleicht ist das Netzwerk weg oder der Rechner des Gastgebers schläft oder ist aus.</translation>
        </message>
        <message>
            <source>Lost the connection to {table}</source>
            <translation>Verbindung zu „{table}“ verloren</translation>
        </message>
        <message>
            <source>The host keeps your seat while its app runs.</source>
            <translation>Der Gastgeber hält deinen Platz frei, solange seine App läuft.</translation>
        </message>
        <message>
            <source>{table} hung up</source>
            <translation>„{table}“ hat die Verbindung getrennt</translation>
        </message>
        <message>
            <source>The host's app closed the connection without a word: it was closed or crashed, or its computer restarted.</source>
            <translation>Die App des Gastgebers hat die Verbindung wortlos beendet: Sie wurde geschlossen oder ist abgestürzt, oder sein Rechner hat neu gestartet.</translation>
        </message>
        <message>
            <source>The host closed {table}</source>
            <translation>Der Gastgeber hat „{table}“ geschlossen</translation>
        </message>
        <message>
            <source>Nothing answers at {where}: the host's app is not running.</source>
            <translation>Unter {where} antwortet niemand: Die App des Gastgebers läuft nicht.</translation>
        </message>
        <message>
            <source>{table} cannot be reached</source>
            <translation>„{table}“ ist nicht erreichbar</translation>
        </message>
        <message>
            <source>This app stopped trying.</source>
            <translation>Diese App versucht es nicht mehr.</translation>
        </message>
        <message>
            <source>Once the host has opened the table again, press Retry (or Rejoin on the start screen): your seat waits in its saved game.</source>
            <translation>Sobald der Gastgeber den Tisch wieder eröffnet hat, drücke „Erneut versuchen“ (oder „wieder beitreten“ auf dem Startbildschirm): Dein Platz wartet im gespeicherten Spiel.</translation>
        </message>
        <message>
            <source>Nothing answers at {where}: the host's app is not running (it was closed or it crashed).</source>
            <translation>Unter {where} antwortet niemand: Die App des Gastgebers läuft nicht (sie wurde geschlossen oder ist abgestürzt).</translation>
        </message>
        <message numerus="yes">
            <source>No answer from the host for %n second(s).</source>
            <translation>
                <numerusform>Seit %n Sekunde keine Antwort vom Gastgeber.</numerusform>
                <numerusform>Seit %n Sekunden keine Antwort vom Gastgeber.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{host}:{port} did not answer within %n second(s).</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form.</translatorcomment>
            <translation>
                <numerusform>{host}:{port} hat nicht innerhalb von %n Sekunde geantwortet.</numerusform>
                <numerusform>{host}:{port} hat nicht innerhalb von %n Sekunden geantwortet.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{host}:{port} accepted the connection but did not let this app in within %n second(s).</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form.</translatorcomment>
            <translation>
                <numerusform>{host}:{port} hat die Verbindung angenommen, diese App aber nicht innerhalb von %n Sekunde an den Tisch gelassen.</numerusform>
                <numerusform>{host}:{port} hat die Verbindung angenommen, diese App aber nicht innerhalb von %n Sekunden an den Tisch gelassen.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>No answer from the host for %n second(s): the network may be down, or the host's computer asleep.</source>
            <translation>
                <numerusform>Seit %n Sekunde keine Antwort vom Gastgeber: Vielleicht ist das Netzwerk weg oder sein Rechner schläft.</numerusform>
                <numerusform>Seit %n Sekunden keine Antwort vom Gastgeber: Vielleicht ist das Netzwerk weg oder sein Rechner schläft.</numerusform>
            </translation>
        </message>
        <message>
            <source>{host}:{port} closed the connection before letting this app in.</source>
            <translation>{host}:{port} hat die Verbindung beendet, bevor diese App an den Tisch kam.</translation>
        </message>
        <message>
            <source>The host closed the table: the game is over for everyone.</source>
            <translation>Der Gastgeber hat den Tisch geschlossen: Die Partie ist für alle zu Ende.</translation>
        </message>
        <message>
            <source>The connection to the host broke ({reason}).</source>
            <translation>Die Verbindung zum Gastgeber ist abgerissen ({reason}).</translation>
        </message>
        <message>
            <source>The host sent data this app cannot read ({reason}).</source>
            <translation>Der Gastgeber hat Daten gesendet, die diese App nicht lesen kann ({reason}).</translation>
        </message>
        <message>
            <source>The host refused: “{message}”</source>
            <translation>Der Gastgeber hat abgelehnt: „{message}“</translation>
        </message>
        <message>
            <source>Reconnecting did not work for too long. The last problem: {cause}</source>
            <translation>Die Verbindung ließ sich zu lange nicht wiederherstellen. Zuletzt: {cause}</translation>
        </message>
    </context>
    <context>
        <name>NewGameDialog</name>
        <message>
            <source>Random</source>
            <translation>Zufall</translation>
        </message>
        <message>
            <source>Easy</source>
            <translation>Leicht</translation>
        </message>
        <message>
            <source>Medium</source>
            <translation>Mittel</translation>
        </message>
        <message>
            <source>Hard</source>
            <translation>Schwer</translation>
        </message>
        <message>
            <source>Expert</source>
            <translation>Experte</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>Schwarz</translation>
        </message>
        <message>
            <source>White</source>
            <translation>Weiß</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>Rot</translation>
        </message>
        <message>
            <source>Yellow</source>
            <translation>Gelb</translation>
        </message>
        <message>
            <source>Blue</source>
            <translation>Blau</translation>
        </message>
        <message>
            <source>New game</source>
            <translation>Neues Spiel</translation>
        </message>
        <message>
            <source>Who plays?</source>
            <translation>Wer spielt mit?</translation>
        </message>
        <message>
            <source>Players:</source>
            <translatorcomment>How many players: „Spieler“ (the edition's word) (docs/glossary.md).</translatorcomment>
            <translation>Spieler:</translation>
        </message>
        <message>
            <source>Seat</source>
            <translation>Platz</translation>
        </message>
        <message>
            <source>Player</source>
            <translation>Spieler</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <source>Colour</source>
            <translation>Farbe</translation>
        </message>
        <message>
            <source>Human</source>
            <translatorcomment>The kind of a seat beside „Bot · …“: „Mensch“, only for this kind; a player is „Spieler“ (docs/glossary.md).</translatorcomment>
            <translation>Mensch</translation>
        </message>
        <message>
            <source>Bot · {level}</source>
            <translation>Bot · {level}</translation>
        </message>
        <message>
            <source>Colours follow the seats (R3): black, white, red, yellow, blue.</source>
            <translation>Die Farben folgen den Plätzen (R3): Schwarz, Weiß, Rot, Gelb, Blau.</translation>
        </message>
        <message>
            <source>Table:</source>
            <translation>Tisch:</translation>
        </message>
        <message>
            <source>Seed (optional):</source>
            <translation>Startwert (optional):</translation>
        </message>
        <message>
            <source>random</source>
            <translation>zufällig</translation>
        </message>
        <message>
            <source>Start the game</source>
            <translation>Spiel starten</translation>
        </message>
        <message>
            <source>the seed must be a whole number</source>
            <translation>der Startwert muss eine ganze Zahl sein</translation>
        </message>
    </context>
    <context>
        <name>PlayerDelegate</name>
        <message>
            <source>{n} played</source>
            <translation>{n} ausgespielt</translation>
        </message>
    </context>
    <context>
        <name>PlayersModel</name>
        <message>
            <source>Lady</source>
            <translatorcomment>The woman's head on a card: the German guides call it Frauen-Kopf, short „Frau“ (docs/glossary.md).</translatorcomment>
            <translation>Frau</translation>
        </message>
        <message>
            <source>Cap</source>
            <translation>Mütze</translation>
        </message>
        <message>
            <source>Beard</source>
            <translation>Bart</translation>
        </message>
        <message numerus="yes">
            <source>%n card(s) played, {top} on top</source>
            <translation>
                <numerusform>%n Karte ausgespielt, {top} oben</numerusform>
                <numerusform>%n Karten ausgespielt, {top} oben</numerusform>
            </translation>
        </message>
        <message>
            <source>no card played</source>
            <translation>noch keine Karte ausgespielt</translation>
        </message>
        <message>
            <source>{name} has {floors}, {hand}, {played}</source>
            <translation>{name} hat {floors}, {hand}, {played}</translation>
        </message>
        <message numerus="yes">
            <source>%n floor(s) left</source>
            <translation>
                <numerusform>%n Stockwerk übrig</numerusform>
                <numerusform>%n Stockwerke übrig</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n card(s) in hand</source>
            <translation>
                <numerusform>%n Handkarte</numerusform>
                <numerusform>%n Handkarten</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{base}; %n fame tile(s), face down</source>
            <translation>
                <numerusform>{base}; ein Ruhmesplättchen, verdeckt</numerusform>
                <numerusform>{base}; %n Ruhmesplättchen, verdeckt</numerusform>
            </translation>
        </message>
        <message>
            <source>none yet</source>
            <translation>noch keine</translation>
        </message>
        <message>
            <source>{base}; fame tiles: {won}; score {score}</source>
            <translation>{base}; Ruhmesplättchen: {won}; {score} Punkte</translation>
        </message>
        <message>
            <source>to move</source>
            <translation>am Zug</translation>
        </message>
        <message>
            <source>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;Played: {cards}&lt;br&gt;Heads: {heads}&lt;br&gt;Fame tiles: {won}</source>
            <translation>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;Ausgespielt: {cards}&lt;br&gt;Köpfe: {heads}&lt;br&gt;Ruhmesplättchen: {won}</translation>
        </message>
        <message numerus="yes">
            <source>%n card(s), {top} on top</source>
            <translation>
                <numerusform>%n Karte, {top} oben</numerusform>
                <numerusform>%n Karten, {top} oben</numerusform>
            </translation>
        </message>
        <message>
            <source>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;Played: {cards}&lt;br&gt;Fame tiles: {n}, face down</source>
            <translation>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;Ausgespielt: {cards}&lt;br&gt;Ruhmesplättchen: {n}, verdeckt</translation>
        </message>
    </context>
    <context>
        <name>PrivacyScreen</name>
        <message>
            <source>Nobody else should look at the screen now.</source>
            <translation>Niemand sonst sollte jetzt auf den Bildschirm schauen.</translation>
        </message>
        <message>
            <source>Pass to {name}</source>
            <translation>Weitergeben an {name}</translation>
        </message>
        <message>
            <source>I am {name} — show my hand</source>
            <translation>Ich bin {name} — zeig meine Handkarten</translation>
        </message>
    </context>
    <context>
        <name>RemoteSession</name>
        <message>
            <source>Cannot connect</source>
            <translation>Verbindung nicht möglich</translation>
        </message>
        <message>
            <source>Wrong address</source>
            <translation>Falsche Adresse</translation>
        </message>
        <message>
            <source>Nobody answers at this address</source>
            <translation>Unter dieser Adresse antwortet niemand</translation>
        </message>
        <message>
            <source>The host does not answer</source>
            <translation>Der Gastgeber antwortet nicht</translation>
        </message>
        <message>
            <source>This table runs another version of Patrician</source>
            <translation>An diesem Tisch läuft eine andere Version von Patrizier</translation>
        </message>
        <message>
            <source>The table is full</source>
            <translation>Der Tisch ist voll</translation>
        </message>
        <message>
            <source>Your seat at this table is gone</source>
            <translation>Dein Platz an diesem Tisch ist weg</translation>
        </message>
        <message>
            <source>The host is gone</source>
            <translation>Der Gastgeber ist weg</translation>
        </message>
        <message>
            <source>type the host's address, e.g. 192.168.1.20:47147</source>
            <translation>gib die Adresse des Gastgebers ein, z. B. 192.168.1.20:47147</translation>
        </message>
        <message>
            <source>the address has no host name</source>
            <translation>die Adresse hat keinen Rechnernamen</translation>
        </message>
        <message>
            <source>away {time} · a bot plays</source>
            <translation>weg {time} · ein Bot spielt</translation>
        </message>
        <message>
            <source>{status} · no bot</source>
            <translation>{status} · kein Bot</translation>
        </message>
        <message>
            <source>{status} · bot in {n} s</source>
            <translation>{status} · Bot in {n} s</translation>
        </message>
        <message>
            <source>an IPv6 address in brackets needs the closing ]</source>
            <translation>eine IPv6-Adresse in Klammern braucht die schließende ]</translation>
        </message>
        <message>
            <source>after [address] comes :port</source>
            <translation>nach [Adresse] folgt :Port</translation>
        </message>
        <message>
            <source>offline {time}</source>
            <translation>offline {time}</translation>
        </message>
        <message>
            <source>not connected to the host</source>
            <translation>nicht mit dem Gastgeber verbunden</translation>
        </message>
        <message>
            <source>this seat is not played at this machine</source>
            <translation>dieser Platz wird nicht an diesem Rechner gespielt</translation>
        </message>
        <message>
            <source>not connected to the host: the turn was not sent</source>
            <translation>nicht mit dem Gastgeber verbunden: Der Zug wurde nicht gesendet</translation>
        </message>
        <message>
            <source>{port} is not a port number (1–65535)</source>
            <translation>{port} ist keine Portnummer (1–65535)</translation>
        </message>
    </context>
    <context>
        <name>ReplayBar</name>
        <message>
            <source>The deal</source>
            <translation>Die Ausgangslage</translation>
        </message>
        <message>
            <source>One turn back</source>
            <translation>Einen Zug zurück</translation>
        </message>
        <message>
            <source>One turn forward</source>
            <translation>Einen Zug vor</translation>
        </message>
        <message>
            <source>The end</source>
            <translation>Das Ende</translation>
        </message>
        <message>
            <source>Replay speed</source>
            <translation>Tempo der Wiedergabe</translation>
        </message>
        <message>
            <source>How fast the replay plays</source>
            <translation>Wie schnell die Wiedergabe läuft</translation>
        </message>
        <message>
            <source>Turn of the game shown</source>
            <translation>Gezeigter Zug der Partie</translation>
        </message>
        <message>
            <source>Whose view is shown</source>
            <translation>Wessen Sicht gezeigt wird</translation>
        </message>
        <message>
            <source>{name}'s view</source>
            <translation>Sicht von {name}</translation>
        </message>
        <message>
            <source>This record was kept at {name}'s seat: it holds only what {name} saw</source>
            <translation>Diese Partie wurde am Platz von {name} aufgezeichnet: Sie enthält nur, was {name} gesehen hat</translation>
        </message>
        <message>
            <source>This record was kept at {name}'s seat on another computer: you see the game as {name} saw it. The other hands and the draw pile were never shown there; only how many cards they held.</source>
            <translation>Diese Partie wurde am Platz von {name} auf einem anderen Computer aufgezeichnet: Du siehst das Spiel so, wie {name} es gesehen hat. Die anderen Handkarten und der Nachziehstapel wurden dort nie gezeigt, nur wie viele Karten es waren.</translation>
        </message>
        <message>
            <source>Pause</source>
            <translation>Anhalten</translation>
        </message>
        <message>
            <source>Play</source>
            <translation>Abspielen</translation>
        </message>
        <message>
            <source>Turn {i} of {n}</source>
            <translation>Zug {i} von {n}</translation>
        </message>
        <message>
            <source>Whose view is shown: a spectator sees no hand</source>
            <translation>Wessen Sicht gezeigt wird: ein Zuschauer sieht keine Handkarten</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Schließen</translation>
        </message>
        <message>
            <source>Close the replay</source>
            <translation>Die Wiedergabe schließen</translation>
        </message>
        <message>
            <source>Spectator</source>
            <translation>Zuschauer</translation>
        </message>
        <message>
            <source>{name}'s view: the other hands and the draw pile stay hidden</source>
            <translation>Sicht von {name}: Die anderen Handkarten und der Nachziehstapel bleiben verdeckt</translation>
        </message>
        <message>
            <source>Stop at this turn</source>
            <translation>Bei diesem Zug anhalten</translation>
        </message>
        <message>
            <source>Play the turns one after another</source>
            <translation>Die Züge nacheinander abspielen</translation>
        </message>
    </context>
    <context>
        <name>ReplaySession</name>
        <message>
            <source>a replay cannot be played</source>
            <translation>eine Wiedergabe kann nicht gespielt werden</translation>
        </message>
    </context>
    <context>
        <name>Review</name>
        <message>
            <source>best</source>
            <translation>bester Zug</translation>
        </message>
        <message>
            <source>good</source>
            <translation>gut</translation>
        </message>
        <message>
            <source>inaccuracy</source>
            <translation>Ungenauigkeit</translation>
        </message>
        <message>
            <source>mistake</source>
            <translation>Fehler</translation>
        </message>
        <message>
            <source>blunder</source>
            <translation>Patzer</translation>
        </message>
        <message>
            <source>Review of turn {turn} ({name}): {verdict}</source>
            <translation>Analyse von Zug {turn} ({name}): {verdict}</translation>
        </message>
        <message>
            <source>the only turn possible</source>
            <translation>der einzig mögliche Zug</translation>
        </message>
        <message>
            <source>play {card}</source>
            <translation>spiele {card}</translation>
        </message>
        <message>
            <source>better: {turn} (win chance {best}% instead of {played}%)</source>
            <translation>besser: {turn} (Gewinnchance {best} % statt {played} %)</translation>
        </message>
        <message>
            <source>{name}: accuracy {acc} over {turns} ({counts})</source>
            <translation>{name}: Genauigkeit {acc} über {turns} ({counts})</translation>
        </message>
        <message>
            <source>relocate the top floor of {city} {plot}</source>
            <translation>versetze das oberste Stockwerk von {city} {plot}</translation>
        </message>
        <message numerus="yes">
            <source>%n turn(s)</source>
            <translation>
                <numerusform>%n Zug</numerusform>
                <numerusform>%n Züge</numerusform>
            </translation>
        </message>
        <message>
            <source>build {plots} in {city}</source>
            <translation>baue {plots} in {city}</translation>
        </message>
        <message>
            <source>take the card at {city}</source>
            <translation>nimm die Karte bei {city}</translation>
        </message>
        <message>
            <source>win chance {win}%</source>
            <translation>Gewinnchance {win} %</translation>
        </message>
        <message>
            <source>costliest turns: {turns}</source>
            <translation>teuerste Züge: {turns}</translation>
        </message>
    </context>
    <context>
        <name>ReviewPanel</name>
        <message>
            <source>Rev&amp;iew this game</source>
            <translation>Spiel analys&amp;ieren</translation>
        </message>
        <message>
            <source>The Hard bot's search judges each of your turns from what you could see then, and shows a better turn where it finds one</source>
            <translation>Die Suche des Bots „Schwer“ beurteilt jeden deiner Züge nach dem, was du damals sehen konntest, und zeigt einen besseren Zug, wo sie einen findet</translation>
        </message>
        <message>
            <source>Review progress</source>
            <translation>Fortschritt der Analyse</translation>
        </message>
        <message>
            <source>%v of %m turns judged</source>
            <translation>%v von %m Zügen beurteilt</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <source>Stop the review</source>
            <translation>Analyse abbrechen</translation>
        </message>
        <message>
            <source>Verdicts of the review</source>
            <translation>Urteile der Analyse</translation>
        </message>
        <message>
            <source>The bots are reviewing the game…</source>
            <translation>Die Bots analysieren das Spiel …</translation>
        </message>
        <message>
            <source>The review failed: {why}</source>
            <translation>Die Analyse ist fehlgeschlagen: {why}</translation>
        </message>
        <message>
            <source>The review was cancelled.</source>
            <translation>Die Analyse wurde abgebrochen.</translation>
        </message>
        <message numerus="yes">
            <source>Reviewed: %n turn(s). Choose a turn to see it.</source>
            <translation>
                <numerusform>Analysiert: %n Zug. Wähle einen Zug, um ihn zu sehen.</numerusform>
                <numerusform>Analysiert: %n Züge. Wähle einen Zug, um ihn zu sehen.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>RulesWindow</name>
        <message>
            <source>Rules text</source>
            <translation>Regeltext</translation>
        </message>
    </context>
    <context>
        <name>ScoreSheet</name>
        <message>
            <source>Final scores</source>
            <translation>Schlusswertung</translation>
        </message>
        <message>
            <source>&amp;Play again</source>
            <translation>&amp;Noch einmal spielen</translation>
        </message>
        <message>
            <source>&amp;Export record…</source>
            <translation>Partie &amp;exportieren …</translation>
        </message>
        <message>
            <source>&amp;Main menu</source>
            <translation>Haupt&amp;menü</translation>
        </message>
        <message>
            <source>&amp;Look at the board</source>
            <translation>Spiel&amp;plan ansehen</translation>
        </message>
        <message>
            <source>Leave the t&amp;able</source>
            <translation>Tisch &amp;verlassen</translation>
        </message>
        <message>
            <source>Scores</source>
            <translation>Punkte</translation>
        </message>
        <message>
            <source>Final scores, best first</source>
            <translation>Schlusswertung, die Besten zuerst</translation>
        </message>
        <message>
            <source>{name} wins!</source>
            <translation>{name} gewinnt!</translation>
        </message>
        <message>
            <source>Shared victory: {names}</source>
            <translation>Geteilter Sieg: {names}</translation>
        </message>
        <message>
            <source>Fame</source>
            <translatorcomment>The score sheet's row that adds up the fame tiles a player won: „Ruhmesplättchen“ (docs/glossary.md).</translatorcomment>
            <translation>Ruhmesplättchen</translation>
        </message>
        <message>
            <source>Head points</source>
            <translation>Kopfpunkte</translation>
        </message>
        <message>
            <source>Total</source>
            <translation>Summe</translation>
        </message>
        <message>
            <source>Floors left (tie-break)</source>
            <translatorcomment>The score sheet's last row: floors left in the supply decide a tie (R25).</translatorcomment>
            <translation>Übrige Stockwerke (bei Gleichstand)</translation>
        </message>
        <message>
            <source>Heads: {kind}</source>
            <translation>Köpfe: {kind}</translation>
        </message>
        <message>
            <source>Lady</source>
            <translatorcomment>The woman's head on a card: the German guides call it Frauen-Kopf, short „Frau“ (docs/glossary.md).</translatorcomment>
            <translation>Frau</translation>
        </message>
        <message>
            <source>Cap</source>
            <translation>Mütze</translation>
        </message>
        <message>
            <source>Beard</source>
            <translation>Bart</translation>
        </message>
    </context>
    <context>
        <name>ScoreStory</name>
        <message>
            <source>Score story</source>
            <translation>Punkteverlauf</translation>
        </message>
        <message>
            <source>Fame after turn {turn}: {fame}</source>
            <translation>Ruhm nach Zug {turn}: {fame}</translation>
        </message>
        <message>
            <source>Biggest swing: {name} +{size} over the others' least, turn {turn}</source>
            <translation>Größter Umschwung: {name} +{size} gegenüber dem geringsten Gewinn der anderen, Zug {turn}</translation>
        </message>
        <message>
            <source>Turn {turn}: {city} scored: {gains}</source>
            <translation>Zug {turn}: {city} gewertet: {gains}</translation>
        </message>
        <message>
            <source>End: heads: {gains}</source>
            <translation>Ende: Köpfe: {gains}</translation>
        </message>
    </context>
    <context>
        <name>ScoreWords</name>
        <message>
            <source>no heads</source>
            <translation>keine Köpfe</translation>
        </message>
        <message>
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <source>heads: {heads}, worth {points}</source>
            <translation>Köpfe: {heads}, wert {points}</translation>
        </message>
        <message>
            <source>{place}. {name}: {score}, fame {fame} and heads bonus {heads}.</source>
            <translation>{place}. {name}: {score}, Ruhmesplättchen {fame} und Kopfpunkte {heads}.</translation>
        </message>
        <message>
            <source>and</source>
            <translation>und</translation>
        </message>
        <message numerus="yes">
            <source>%n point(s)</source>
            <translation>
                <numerusform>ein Punkt</numerusform>
                <numerusform>%n Punkte</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n lady(s)</source>
            <translation>
                <numerusform>eine Frau</numerusform>
                <numerusform>%n Frauen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n cap(s)</source>
            <translation>
                <numerusform>eine Mütze</numerusform>
                <numerusform>%n Mützen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n beard(s)</source>
            <translation>
                <numerusform>ein Bart</numerusform>
                <numerusform>%n Bärte</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n head(s), worth {points}</source>
            <translation>
                <numerusform>ein Kopf, wert {points}</numerusform>
                <numerusform>%n Köpfe, wert {points}</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>SeatNames</name>
        <message>
            <source>random</source>
            <translation>Zufall</translation>
        </message>
        <message>
            <source>easy</source>
            <translation>leicht</translation>
        </message>
        <message>
            <source>medium</source>
            <translation>mittel</translation>
        </message>
        <message>
            <source>hard</source>
            <translation>schwer</translation>
        </message>
        <message>
            <source>expert</source>
            <translation>Experte</translation>
        </message>
        <message>
            <source>Bot {n} ({level})</source>
            <translation>Bot {n} ({level})</translation>
        </message>
    </context>
    <context>
        <name>Session</name>
        <message>
            <source>every seat needs a name</source>
            <translation>jeder Platz braucht einen Namen</translation>
        </message>
        <message>
            <source>names are at most 24 characters</source>
            <translation>Namen haben höchstens 24 Zeichen</translation>
        </message>
        <message>
            <source>two seats have the same name</source>
            <translation>zwei Plätze haben denselben Namen</translation>
        </message>
        <message>
            <source>two seats have the same colour (R3)</source>
            <translation>zwei Plätze haben dieselbe Farbe (R3)</translation>
        </message>
        <message>
            <source>the seed must be a whole number from 0 to 2^62</source>
            <translation>der Startwert muss eine ganze Zahl von 0 bis 2^62 sein</translation>
        </message>
        <message>
            <source>the table is rulebook or open (R26a), not {table}</source>
            <translation>der Tisch ist nach Spielregel oder offen (R26a), nicht {table}</translation>
        </message>
        <message>
            <source>the game is closed</source>
            <translation>das Spiel ist geschlossen</translation>
        </message>
        <message>
            <source>this seat is not played at this machine</source>
            <translation>dieser Platz wird nicht an diesem Rechner gespielt</translation>
        </message>
        <message numerus="yes">
            <source>with %n player(s) the colours are {colors} (R3)</source>
            <translatorcomment>A count: %n is the number; give the singular and the plural form. Player = „Spieler“.</translatorcomment>
            <translation>
                <numerusform>mit %n Spieler sind die Farben {colors} (R3)</numerusform>
                <numerusform>mit %n Spielern sind die Farben {colors} (R3)</numerusform>
            </translation>
        </message>
        <message>
            <source>Patrician is played by 2 to 5 players, not {n} (R3)</source>
            <translatorcomment>{n} is the number of seats asked for; player = „Spieler“.</translatorcomment>
            <translation>Patrizier ist ein Spiel für 2 bis 5 Spieler, nicht für {n} (R3)</translation>
        </message>
        <message>
            <source>black</source>
            <translation>Schwarz</translation>
        </message>
        <message>
            <source>white</source>
            <translation>Weiß</translation>
        </message>
        <message>
            <source>red</source>
            <translation>Rot</translation>
        </message>
        <message>
            <source>yellow</source>
            <translation>Gelb</translation>
        </message>
        <message>
            <source>blue</source>
            <translation>Blau</translation>
        </message>
        <message>
            <source>seat kind {kind} is neither human nor bot</source>
            <translation>Platzart {kind} ist weder Mensch noch Bot</translation>
        </message>
        <message>
            <source>unknown bot level {level}</source>
            <translation>unbekannte Bot-Stufe {level}</translation>
        </message>
    </context>
    <context>
        <name>SideTabs</name>
        <message>
            <source>Log</source>
            <translation>Protokoll</translation>
        </message>
        <message>
            <source>{name} ({count})</source>
            <translation>{name} ({count})</translation>
        </message>
    </context>
    <context>
        <name>StackDialog</name>
        <message>
            <source>Your played stack</source>
            <translation>Dein Ablagestapel</translation>
        </message>
        <message>
            <source>Played stack of {name}</source>
            <translation>Ablagestapel von {name}</translation>
        </message>
        <message>
            <source>face down</source>
            <translation>verdeckt</translation>
        </message>
        <message>
            <source>none yet</source>
            <translation>noch keine</translation>
        </message>
        <message>
            <source>Heads: {heads} (every 3 of a kind score 6, R24).</source>
            <translation>Köpfe: {heads} (je 3 gleiche bringen 6, R24).</translation>
        </message>
        <message>
            <source>Fame tiles: {tiles}.</source>
            <translation>Ruhmesplättchen: {tiles}.</translation>
        </message>
        <message>
            <source>Score so far: {score}.</source>
            <translation>Bisherige Punkte: {score}.</translation>
        </message>
        <message numerus="yes">
            <source>%n card(s) played, the top card first.</source>
            <translation>
                <numerusform>%n Karte ausgespielt.</numerusform>
                <numerusform>%n Karten ausgespielt, die oberste zuerst.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n card(s) played. You see the top one; the others below it lie face down for you (R26).</source>
            <translation>
                <numerusform>%n Karte ausgespielt. Du siehst sie.</numerusform>
                <numerusform>%n Karten ausgespielt. Du siehst die oberste; die anderen darunter liegen für dich verdeckt (R26).</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n card(s) played.</source>
            <translation>
                <numerusform>%n Karte ausgespielt.</numerusform>
                <numerusform>%n Karten ausgespielt.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n fame tile(s) won, face down (R26).</source>
            <translation>
                <numerusform>Ein Ruhmesplättchen gewonnen, verdeckt (R26).</numerusform>
                <numerusform>%n Ruhmesplättchen gewonnen, verdeckt (R26).</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Standing</name>
        <message>
            <source>empty</source>
            <translation>leer</translation>
        </message>
        <message>
            <source>{standing}, worth {value}</source>
            <translation>{standing}, wert {value}</translation>
        </message>
        <message>
            <source>{city} after this: {towers}</source>
            <translation>{city} danach: {towers}</translation>
        </message>
        <message>
            <source>{name} leads → {value}</source>
            <translation>{name} führt → {value}</translation>
        </message>
        <message>
            <source>After this: A {a} · B {b}</source>
            <translation>Danach: A {a} · B {b}</translation>
        </message>
        <message>
            <source> and </source>
            <translation> und </translation>
        </message>
        <message>
            <source>{city} would be complete and scored at once (R12): {awards}</source>
            <translation>{city} wäre vollständig und würde sofort gewertet (R12): {awards}</translation>
        </message>
        <message>
            <source>{tied}, {winner} by R21 → {value}</source>
            <translation>{tied}, {winner} nach R21 → {value}</translation>
        </message>
        <message>
            <source>{city} would be scored now (R12): {awards}</source>
            <translation>{city} würde jetzt gewertet (R12): {awards}</translation>
        </message>
        <message>
            <source>nobody</source>
            <translation>niemand</translation>
        </message>
        <message numerus="yes">
            <source>{tied} tie (%n floor(s) each): {winner} holds it by the higher floor (R21)</source>
            <translation>
                <numerusform>{tied} gleichauf (je %n Stockwerk): {winner} hält ihn durch das höhere Stockwerk (R21)</numerusform>
                <numerusform>{tied} gleichauf (je %n Stockwerke): {winner} hält ihn durch das höhere Stockwerk (R21)</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{name} leads (%n floor(s))</source>
            <translation>
                <numerusform>{name} führt (%n Stockwerk)</numerusform>
                <numerusform>{name} führt (%n Stockwerke)</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>StartScreen</name>
        <message>
            <source>Patrician</source>
            <translation>Patrizier</translation>
        </message>
        <message>
            <source>Build the towers of Italy's proudest cities</source>
            <translation>Baue die Türme der stolzesten Städte Italiens</translation>
        </message>
        <message>
            <source>New game…</source>
            <translation>Neues Spiel …</translation>
        </message>
        <message>
            <source>Continue the last game</source>
            <translation>Letztes Spiel fortsetzen</translation>
        </message>
        <message>
            <source>Load a saved game…</source>
            <translation>Gespeichertes Spiel laden …</translation>
        </message>
        <message>
            <source>Replay a record…</source>
            <translation>Partie nachspielen …</translation>
        </message>
        <message>
            <source>Quit</source>
            <translation>Beenden</translation>
        </message>
        <message>
            <source>Host LAN game…</source>
            <translatorcomment>Same words as the dialog's title („LAN-Spiel eröffnen“).</translatorcomment>
            <translation>LAN-Spiel eröffnen …</translation>
        </message>
        <message>
            <source>Join LAN game…</source>
            <translatorcomment>Same words as the dialog's title („LAN-Spiel beitreten“).</translatorcomment>
            <translation>LAN-Spiel beitreten …</translation>
        </message>
        <message>
            <source>Open a table that others on this network can join</source>
            <translation>Einen Tisch eröffnen, dem andere in diesem Netzwerk beitreten können</translation>
        </message>
        <message>
            <source>Find the tables on this network, or join one by its address</source>
            <translation>Tische in diesem Netzwerk finden oder über die Adresse beitreten</translation>
        </message>
        <message>
            <source>Host {table} again</source>
            <translation>{table} wieder eröffnen</translation>
        </message>
        <message>
            <source>{seats} · turn {turn}</source>
            <translation>{seats} · Zug {turn}</translation>
        </message>
        <message>
            <source>Open your table again on this network; the others come back with their seats</source>
            <translation>Deinen Tisch in diesem Netzwerk wieder eröffnen; die anderen kommen auf ihre Plätze zurück</translation>
        </message>
        <message>
            <source>Rejoin {table}</source>
            <translation>{table} wieder beitreten</translation>
        </message>
        <message numerus="yes">
            <source>Continue (%n unfinished game(s))…</source>
            <translation>
                <numerusform>Fortsetzen (%n angefangenes Spiel) …</numerusform>
                <numerusform>Fortsetzen (%n angefangene Spiele) …</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>StatisticsWindow</name>
        <message>
            <source>Statistics</source>
            <translation>Statistik</translation>
        </message>
        <message>
            <source>Player</source>
            <translation>Spieler</translation>
        </message>
        <message>
            <source>Period</source>
            <translation>Zeitraum</translation>
        </message>
        <message>
            <source>All time</source>
            <translation>Gesamte Zeit</translation>
        </message>
        <message>
            <source>Last 7 days</source>
            <translation>Letzte 7 Tage</translation>
        </message>
        <message>
            <source>Last 30 days</source>
            <translation>Letzte 30 Tage</translation>
        </message>
        <message>
            <source>Last 365 days</source>
            <translation>Letzte 365 Tage</translation>
        </message>
        <message>
            <source>Against / players</source>
            <translation>Gegner / Spieler</translation>
        </message>
        <message>
            <source>Games</source>
            <translation>Partien</translation>
        </message>
        <message>
            <source>Wins</source>
            <translation>Siege</translation>
        </message>
        <message>
            <source>Win rate</source>
            <translation>Siegquote</translation>
        </message>
        <message>
            <source>Export CSV…</source>
            <translation>Als CSV exportieren…</translation>
        </message>
        <message>
            <source>Forget my history…</source>
            <translation>Meinen Verlauf vergessen…</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Schließen</translation>
        </message>
        <message>
            <source>Player:</source>
            <translation>Spieler:</translation>
        </message>
        <message>
            <source>Period:</source>
            <translation>Zeitraum:</translation>
        </message>
        <message>
            <source>Everyone here</source>
            <translation>Alle an diesem Rechner</translation>
        </message>
        <message>
            <source>Games {games}, wins {wins} ({rate}); mean score {mean}, best {best}</source>
            <translation>Partien {games}, Siege {wins} ({rate}); Punkte im Mittel {mean}, beste {best}</translation>
        </message>
        <message>
            <source>won</source>
            <translation>gewonnen</translation>
        </message>
        <message>
            <source>lost</source>
            <translation>verloren</translation>
        </message>
        <message>
            <source>Streak: {n} {word} in a row; longest run of wins {longest}</source>
            <translation>Serie: {n} in Folge {word}; längste Siegesserie {longest}</translation>
        </message>
        <message>
            <source>Export the history</source>
            <translation>Verlauf exportieren</translation>
        </message>
        <message>
            <source>CSV files (*.csv)</source>
            <translation>CSV-Dateien (*.csv)</translation>
        </message>
        <message>
            <source>The file could not be written: {why}</source>
            <translation>Die Datei konnte nicht geschrieben werden: {why}</translation>
        </message>
        <message>
            <source>Forget every game {name} played here?</source>
            <translation>Alle Partien vergessen, die {name} hier gespielt hat?</translation>
        </message>
        <message>
            <source>Forget the whole history of games played here?</source>
            <translation>Den ganzen Verlauf der hier gespielten Partien vergessen?</translation>
        </message>
        <message>
            <source>Forget my history</source>
            <translation>Meinen Verlauf vergessen</translation>
        </message>
        <message numerus="yes">
            <source>with %n player(s)</source>
            <translation>
                <numerusform>mit %n Spieler</numerusform>
                <numerusform>mit %n Spielern</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Last %n game(s): {recent} won (before them {earlier})</source>
            <translation>
                <numerusform>Letzte Partie: {recent} gewonnen (davor {earlier})</numerusform>
                <numerusform>Letzte %n Partien: {recent} gewonnen (davor {earlier})</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Story</name>
        <message>
            <source>nobody</source>
            <translation>niemand</translation>
        </message>
        <message>
            <source>Since your last turn</source>
            <translation>Seit deinem letzten Zug</translation>
        </message>
        <message>
            <source>{city} “{caption}”</source>
            <translation>{city} „{caption}“</translation>
        </message>
        <message>
            <source>Since {name}'s last turn</source>
            <translation>Seit dem letzten Zug von {name}</translation>
        </message>
        <message>
            <source>played {card}</source>
            <translation>spielte {card}</translation>
        </message>
        <message>
            <source>{city} scored: {won}</source>
            <translation>{city} gewertet: {won}</translation>
        </message>
        <message>
            <source>relocated a floor in {city} from {a} to {b}</source>
            <translation>versetzte ein Stockwerk in {city} von {a} auf {b}</translation>
        </message>
        <message>
            <source>relocated {city} {a}→{b}</source>
            <translation>versetzte {city} {a}→{b}</translation>
        </message>
        <message>
            <source>{name} relocated a floor here from {a} to {b}</source>
            <translation>{name} versetzte hier ein Stockwerk von {a} auf {b}</translation>
        </message>
        <message>
            <source>took {card} at {city}</source>
            <translation>nahm {card} bei {city}</translation>
        </message>
        <message>
            <source>{name} played {card} here</source>
            <translation>{name} spielte hier {card}</translation>
        </message>
        <message>
            <source>{name} took {card} here</source>
            <translation>{name} nahm hier {card}</translation>
        </message>
        <message>
            <source>({card} laid)</source>
            <translation>({card} ausgelegt)</translation>
        </message>
        <message numerus="yes">
            <source>built %n floor(s) in {city} ({plots})</source>
            <translation>
                <numerusform>baute %n Stockwerk in {city} ({plots})</numerusform>
                <numerusform>baute %n Stockwerke in {city} ({plots})</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>TableChoice</name>
        <message>
            <source>Rulebook table (R26), as in the box: you see the top card of each played stack and how many fame tiles each player has won; your own stack, tiles and score are yours alone until the end. Click your row to look through your stack.</source>
            <translation>Tisch nach Spielregel (R26): Du siehst die oberste Karte jedes Ablagestapels und wie viele Ruhmesplättchen jeder Spieler gewonnen hat; deinen eigenen Stapel, deine Plättchen und Punkte siehst bis zum Ende nur du. Klicke auf deine Zeile, um deinen Stapel durchzusehen.</translation>
        </message>
        <message>
            <source>As in the box: stacks and won tiles stay hidden (R26)</source>
            <translation>Nach Spielregel: Stapel und gewonnene Plättchen bleiben verdeckt (R26)</translation>
        </message>
        <message>
            <source>Open table: every stack, tile and score shown (R26a)</source>
            <translation>Offener Tisch: alle Stapel, Plättchen und Punkte sichtbar (R26a)</translation>
        </message>
        <message>
            <source>In the box, others see only the top card of your played stack and how many fame tiles you have won, face down; nobody keeps a running score. The open table shows everything to everyone, for teaching or for play without the memory element.</source>
            <translation>Nach der Spielregel sehen die anderen nur die oberste Karte deines Ablagestapels und wie viele Ruhmesplättchen du verdeckt gewonnen hast; niemand führt einen laufenden Punktestand. Der offene Tisch zeigt allen alles, zum Lernen oder zum Spielen ohne Gedächtnisanteil.</translation>
        </message>
        <message>
            <source>Open table (R26a)</source>
            <translation>Offener Tisch (R26a)</translation>
        </message>
        <message>
            <source>Rulebook table (R26)</source>
            <translation>Tisch nach Spielregel (R26)</translation>
        </message>
        <message>
            <source>Open table (R26a): every played stack, every won tile and every score so far are shown to everyone.</source>
            <translation>Offener Tisch (R26a): Alle Ablagestapel, alle gewonnenen Plättchen und alle bisherigen Punktestände sind für alle sichtbar.</translation>
        </message>
    </context>
    <context>
        <name>TrendChart</name>
        <message>
            <source>Trend of scores</source>
            <translation>Verlauf der Punkte</translation>
        </message>
        <message>
            <source>No finished games yet</source>
            <translation>Noch keine beendeten Partien</translation>
        </message>
        <message numerus="yes">
            <source>%n game(s), {wins} won; scores from {first} to {last}</source>
            <translation>
                <numerusform>%n Partie, {wins} gewonnen; Punkte von {first} bis {last}</numerusform>
                <numerusform>%n Partien, {wins} gewonnen; Punkte von {first} bis {last}</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>TroubleBox</name>
        <message>
            <source>a bot</source>
            <translation>ein Bot</translation>
        </message>
        <message>
            <source>The bot playing {name} could not start: the app has run out of open files ({cause}).</source>
            <translation>Der Bot für {name} konnte nicht starten: Die App hat zu viele Dateien gleichzeitig geöffnet ({cause}).</translation>
        </message>
        <message>
            <source>The bot playing {name} could not think: {cause}.</source>
            <translation>Der Bot für {name} konnte nicht nachdenken: {cause}.</translation>
        </message>
        <message>
            <source>The game is kept as it is and waits. You can try again, save the game and continue it later, or go on with simpler bots that think inside the app (Hard and Expert seats then play like Medium).</source>
            <translation>Das Spiel bleibt, wie es ist, und wartet. Du kannst es erneut versuchen, das Spiel speichern und später fortsetzen oder mit einfacheren Bots weiterspielen, die in der App selbst denken (Plätze mit „Schwer“ und „Experte“ spielen dann wie „Mittel“).</translation>
        </message>
        <message>
            <source>The autosave could not be written: {cause}.</source>
            <translation>Die automatische Sicherung konnte nicht geschrieben werden: {cause}.</translation>
        </message>
        <message>
            <source>The game goes on, but if the app stopped now the turns since the last autosave would be lost. You can try again, or save the game somewhere else.</source>
            <translation>Das Spiel geht weiter, aber würde die App jetzt beendet, gingen die Züge seit der letzten automatischen Sicherung verloren. Du kannst es erneut versuchen oder das Spiel an einem anderen Ort speichern.</translation>
        </message>
        <message>
            <source>Try again</source>
            <translation>Erneut versuchen</translation>
        </message>
        <message>
            <source>Save game…</source>
            <translation>Spiel speichern …</translation>
        </message>
        <message>
            <source>Continue with simpler bots</source>
            <translation>Mit einfacheren Bots weiterspielen</translation>
        </message>
        <message>
            <source>Continue without autosave</source>
            <translation>Ohne Sicherung weiterspielen</translation>
        </message>
        <message>
            <source>A bot cannot play</source>
            <translation>Ein Bot kann nicht spielen</translation>
        </message>
        <message>
            <source>Autosave failed</source>
            <translation>Sicherung fehlgeschlagen</translation>
        </message>
    </context>
    <context>
        <name>Turn</name>
        <message>
            <source>Your turn is ready: confirm it, or undo a step</source>
            <translatorcomment>Undo is „rückgängig machen“ everywhere (docs/glossary.md).</translatorcomment>
            <translation>Dein Zug ist fertig: bestätige ihn oder mache einen Schritt rückgängig</translation>
        </message>
        <message>
            <source>Play a card from your hand</source>
            <translation>Spiele eine Handkarte aus</translation>
        </message>
        <message>
            <source>Take one of the lit face-up cards</source>
            <translation>Nimm eine der leuchtenden offenen Karten</translation>
        </message>
        <message>
            <source>It is not your turn</source>
            <translation>Du bist nicht am Zug</translation>
        </message>
        <message>
            <source>Relocate: choose a lit tower to relocate its top floor (click it, or A / B with the cursor on its city), or skip the relocation (R13)</source>
            <translation>Versetzen: Wähle einen leuchtenden Turm, um sein oberstes Stockwerk zu versetzen (anklicken, oder A / B mit dem Cursor auf seiner Stadt), oder verzichte auf das Versetzen (R13)</translation>
        </message>
        <message>
            <source>First play a card from your hand (R8)</source>
            <translation>Spiele zuerst eine Handkarte aus (R8)</translation>
        </message>
        <message>
            <source>There is nothing to skip now</source>
            <translatorcomment>Skipping the relocation is „verzichten“ everywhere (docs/glossary.md).</translatorcomment>
            <translation>Gerade gibt es kein Versetzen, auf das du verzichten kannst</translation>
        </message>
        <message>
            <source>Nothing to undo</source>
            <translatorcomment>Undo is „rückgängig machen“ everywhere (docs/glossary.md).</translatorcomment>
            <translation>Nichts rückgängig zu machen</translation>
        </message>
        <message>
            <source>Choose a plot in {city} for floor {i} of {n}</source>
            <translation>Bauplatz in {city} wählen (Stockwerk {i}/{n})</translation>
        </message>
        <message>
            <source>play {card}</source>
            <translation>spiele {card}</translation>
        </message>
        <message>
            <source>Choose a plot in {city}</source>
            <translation>Bauplatz in {city} wählen</translation>
        </message>
        <message>
            <source>Take the card at {city} (R14)</source>
            <translation>Nimm die Karte bei {city} (R14)</translation>
        </message>
        <message>
            <source>The turn is not complete: {what}</source>
            <translation>Der Zug ist nicht vollständig: {what}</translation>
        </message>
        <message>
            <source>build {plots} in {city}</source>
            <translation>baue {plots} in {city}</translation>
        </message>
        <message>
            <source>First relocate a floor or skip the relocation (R13); then take a card (R14)</source>
            <translation>Versetze zuerst ein Stockwerk oder verzichte auf das Versetzen (R13); dann nimm eine Karte (R14)</translation>
        </message>
        <message>
            <source>First place your floors in {city} (R9)</source>
            <translation>Setze zuerst deine Stockwerke in {city} (R9)</translation>
        </message>
        <message>
            <source>{card} builds in {city} (R9)</source>
            <translation>{card} baut in {city} (R9)</translation>
        </message>
    </context>
    <context>
        <name>TurnBar</name>
        <message>
            <source>Hint</source>
            <translation>Tipp</translation>
        </message>
        <message>
            <source>Ask the Hard bot what it would play</source>
            <translation>Den Bot „Schwer“ fragen, was er spielen würde</translation>
        </message>
        <message>
            <source>Undo</source>
            <translatorcomment>Undo is „rückgängig machen“ everywhere (docs/glossary.md); a narrow button in the turn bar.</translatorcomment>
            <translation>Rückgängig</translation>
        </message>
        <message>
            <source>Skip relocation</source>
            <translatorcomment>Skipping the relocation is „verzichten“ everywhere (docs/glossary.md). A button in the turn bar: at 1280×720 the prompt beside it must stay whole, so keep it short.</translatorcomment>
            <translation>Verzichten</translation>
        </message>
        <message>
            <source>Confirm turn</source>
            <translation>Zug bestätigen</translation>
        </message>
        <message>
            <source>Rule {rule}</source>
            <translation>Regel {rule}</translation>
        </message>
        <message>
            <source>Open the rules at {rule}</source>
            <translation>Die Spielregeln bei {rule} öffnen</translation>
        </message>
    </context>
    <context>
        <name>TurnLook</name>
        <message>
            <source>The review found no better turn.</source>
            <translation>Die Analyse hat keinen besseren Zug gefunden.</translation>
        </message>
        <message>
            <source>The board at that turn</source>
            <translation>Der Spielplan bei diesem Zug</translation>
        </message>
        <message>
            <source>The hand at that turn</source>
            <translation>Die Handkarten bei diesem Zug</translation>
        </message>
        <message>
            <source>Played</source>
            <translation>Gespielt</translation>
        </message>
        <message>
            <source>Better</source>
            <translation>Besser</translation>
        </message>
        <message>
            <source>&amp;Previous verdict</source>
            <translation>&amp;Voriges Urteil</translation>
        </message>
        <message>
            <source>&amp;Next verdict</source>
            <translation>&amp;Nächstes Urteil</translation>
        </message>
        <message>
            <source>&amp;Back to the scores</source>
            <translation>&amp;Zurück zur Schlusswertung</translation>
        </message>
        <message>
            <source>Close this view: the score sheet is under it (Esc)</source>
            <translation>Diese Ansicht schließen: die Schlusswertung liegt darunter (Esc)</translation>
        </message>
        <message>
            <source>Turn played (solid grey rings): {turn}</source>
            <translation>Gespielter Zug (graue Ringe, durchgezogen): {turn}</translation>
        </message>
        <message>
            <source>Better turn (dashed blue rings): {turn}</source>
            <translation>Besserer Zug (blaue Ringe, gestrichelt): {turn}</translation>
        </message>
        <message>
            <source>Turn {turn} of {name}, as {name} saw it</source>
            <translation>Zug {turn} von {name}, wie {name} ihn sah</translation>
        </message>
        <message>
            <source>Hand of {name} before the turn</source>
            <translation>Handkarten von {name} vor dem Zug</translation>
        </message>
    </context>
    <context>
        <name>Tutorial</name>
        <message>
            <source>it builds one floor in {city}</source>
            <translation>sie baut ein Stockwerk in {city}</translation>
        </message>
        <message>
            <source>it builds two floors in {city}</source>
            <translation>sie baut zwei Stockwerke in {city}</translation>
        </message>
        <message>
            <source>, then you may relocate a top floor (R13)</source>
            <translation>, danach darfst du ein oberstes Stockwerk versetzen (R13)</translation>
        </message>
        <message>
            <source>, then you may take any face-up card (R15)</source>
            <translation>, danach darfst du eine beliebige offene Karte nehmen (R15)</translation>
        </message>
        <message>
            <source>Skip the tutorial</source>
            <translation>Einführung überspringen</translation>
        </message>
        <message>
            <source>Tutorial</source>
            <translation>Einführung</translation>
        </message>
        <message>
            <source>New to Patrician? Play a short guided game.</source>
            <translation>Neu bei Patrizier? Spiel eine kurze, angeleitete Partie.</translation>
        </message>
        <message>
            <source>Start the tutorial</source>
            <translation>Einführung starten</translation>
        </message>
        <message>
            <source>No, thanks</source>
            <translation>Nein, danke</translation>
        </message>
        <message>
            <source>, and its head counts at the end (R24)</source>
            <translation>, und ihr Kopf zählt am Spielende (R24)</translation>
        </message>
        <message>
            <source>You know the turn now</source>
            <translation>Jetzt kennst du den Ablauf eines Zuges</translation>
        </message>
        <message>
            <source>Play on as you like. Heads score at the end (R24); the most floors in a tower win its fame tile (R20). Press ? for the rules, H for a hint.</source>
            <translation>Spiel weiter, wie du magst. Köpfe zählen am Spielende (R24); die meisten Stockwerke in einem Turm gewinnen sein Ruhmesplättchen (R20). Drücke ? für die Spielregeln, H für einen Tipp.</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Schließen</translation>
        </message>
        <message>
            <source>Tutorial · turn {n} of {total}</source>
            <translation>Einführung · Zug {n} von {total}</translation>
        </message>
        <message>
            <source>Bianca, the bot, is playing. Watch the log on the right: each line is one step of her turn.</source>
            <translation>Bianca, der Bot, ist am Zug. Schau ins Protokoll rechts: Jede Zeile ist ein Schritt ihres Zuges.</translation>
        </message>
        <message>
            <source>Play {card} — {what}. Click it in your hand or press {key}.</source>
            <translation>Spiele {card} aus — {what}. Klicke sie in deinen Handkarten an oder drücke {key}.</translation>
        </message>
        <message>
            <source>Your card lets you relocate the top floor of a tower to the other plot of the same city (R13). Click a lit tower to do it, or press S to skip the relocation.</source>
            <translation>Mit deiner Karte darfst du das oberste Stockwerk eines Turms auf den anderen Bauplatz derselben Stadt versetzen (R13). Klicke dazu einen leuchtenden Turm an oder drücke S, um auf das Versetzen zu verzichten.</translation>
        </message>
        <message>
            <source>Put your floor on a lit plot of {city}: click plot A or B, or press A or B. The most floors in a tower win its fame tile when the city is full.</source>
            <translation>Setze dein Stockwerk auf einen leuchtenden Bauplatz in {city}: Klicke Bauplatz A oder B an oder drücke A oder B. Wer die meisten Stockwerke in einem Turm hat, gewinnt sein Ruhmesplättchen, wenn die Stadt fertig ist.</translation>
        </message>
        <message>
            <source>a lit city</source>
            <translation>einer leuchtenden Stadt</translation>
        </message>
        <message>
            <source>Now take the face-up card at {city} into your hand (R14): click it or press {enter}.</source>
            <translatorcomment>{enter} is the Return key as Qt names it in the language; never write key names yourself.</translatorcomment>
            <translation>Nimm jetzt die offene Karte bei {city} auf die Hand (R14): Klicke sie an oder drücke {enter}.</translation>
        </message>
        <message>
            <source>Your turn is ready. Press “Confirm turn” or {enter} — or {undo} to undo a step.</source>
            <translatorcomment>{enter} and {undo} are key names from Qt in the language (Return, Rücktaste); „Zug bestätigen“ is the button's text; undo is „rückgängig machen“ (docs/glossary.md).</translatorcomment>
            <translation>Dein Zug ist fertig. Drücke „Zug bestätigen“ oder {enter} — oder {undo}, um einen Schritt rückgängig zu machen.</translation>
        </message>
    </context>
</TS>
