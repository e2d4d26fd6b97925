<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
    <context>
        <name>Absence</name>
        <message numerus="yes">
            <source>%n turn(s) were played</source>
            <translation>
                <numerusform>%n turn was played</numerusform>
                <numerusform>%n turns were played</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n of them was yours (a bot played it)</source>
            <translation>
                <numerusform>%n of them was yours (a bot played it)</numerusform>
                <numerusform>%n of them were yours (a bot played them)</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Access</name>
        <message numerus="yes">
            <source>Draw pile: %n card(s)</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>Draw pile: %n card</numerusform>
                <numerusform>Draw pile: %n cards</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>majority {name} with %n floor(s), would win {value}</source>
            <translation>
                <numerusform>majority {name} with %n floor, would win {value}</numerusform>
                <numerusform>majority {name} with %n floors, would win {value}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>majority {name} with %n floor(s), won {value}</source>
            <translation>
                <numerusform>majority {name} with %n floor, won {value}</numerusform>
                <numerusform>majority {name} with %n floors, won {value}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>majority {name} with %n floor(s), won a tile, face down</source>
            <translation>
                <numerusform>majority {name} with %n floor, won a tile, face down</numerusform>
                <numerusform>majority {name} with %n floors, won a tile, face down</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>plot {plot}, %n floor(s) from the bottom: {floors}</source>
            <translation>
                <numerusform>plot {plot}, %n floor from the bottom: {floors}</numerusform>
                <numerusform>plot {plot}, %n floors from the bottom: {floors}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{name}: %n fame tile(s), face down.</source>
            <translation>
                <numerusform>{name}: one fame tile, face down.</numerusform>
                <numerusform>{name}: %n fame tiles, face down.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{city}, {built} of %n floor(s), {tiles}; {plots}; {card}</source>
            <translation>
                <numerusform>{city}, {built} of %n floor, {tiles}; {plots}; {card}</numerusform>
                <numerusform>{city}, {built} of %n floors, {tiles}; {plots}; {card}</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Announce</name>
        <message numerus="yes">
            <source>%n earlier event(s) left out: the game log has them.</source>
            <translation>
                <numerusform>%n earlier event left out: the game log has it.</numerusform>
                <numerusform>%n earlier events left out: the game log has them.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Board</name>
        <message numerus="yes">
            <source>%n card(s) left</source>
            <translation>
                <numerusform>%n card left</numerusform>
                <numerusform>%n cards left</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{city}: {built} of %n floor(s)</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>{city}: {built} of %n floor</numerusform>
                <numerusform>{city}: {built} of %n floors</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Majority: &lt;b&gt;{name}&lt;/b&gt; (%n floor(s)) — won a tile, face down</source>
            <translation>
                <numerusform>Majority: &lt;b&gt;{name}&lt;/b&gt; (%n floor) — won a tile, face down</numerusform>
                <numerusform>Majority: &lt;b&gt;{name}&lt;/b&gt; (%n floors) — won a tile, face down</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Majority: &lt;b&gt;{name}&lt;/b&gt; (%n floor(s)) — won {value}</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>Majority: &lt;b&gt;{name}&lt;/b&gt; (%n floor) — won {value}</numerusform>
                <numerusform>Majority: &lt;b&gt;{name}&lt;/b&gt; (%n floors) — won {value}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Majority: &lt;b&gt;{name}&lt;/b&gt; (%n floor(s)) — would win {value}</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>Majority: &lt;b&gt;{name}&lt;/b&gt; (%n floor) — would win {value}</numerusform>
                <numerusform>Majority: &lt;b&gt;{name}&lt;/b&gt; (%n floors) — would win {value}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{city}, plot {plot}: %n floor(s)</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>{city}, plot {plot}: %n floor</numerusform>
                <numerusform>{city}, plot {plot}: %n floors</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{city}: {built} of %n floor(s) built</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>{city}: {built} of %n floor built</numerusform>
                <numerusform>{city}: {built} of %n floors built</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Card</name>
        <message numerus="yes">
            <source>%n floor(s)</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>%n floor</numerusform>
                <numerusform>%n floors</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Engine</name>
        <message numerus="yes">
            <source>you have %n floor(s) left, so this card builds {want} in {city}</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>you have %n floor left, so this card builds {want} in {city}</numerusform>
                <numerusform>you have %n floors left, so this card builds {want} in {city}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{city} has only %n floor(s) left, so this card builds {want}</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>{city} has only %n floor left, so this card builds {want}</numerusform>
                <numerusform>{city} has only %n floors left, so this card builds {want}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{card} builds %n floor(s) in {city}, not {n}</source>
            <translation>
                <numerusform>{card} builds %n floor in {city}, not {n}</numerusform>
                <numerusform>{card} builds %n floors in {city}, not {n}</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>JoinDialog</name>
        <message numerus="yes">
            <source>%n table(s) found · the list follows tables as they open and close</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>One table found · the list follows tables as they open and close</numerusform>
                <numerusform>%n tables found · the list follows tables as they open and close</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Keyboard</name>
        <message numerus="yes">
            <source>%n new floor(s) of yours here</source>
            <translation>
                <numerusform>%n new floor of yours here</numerusform>
                <numerusform>%n new floors of yours here</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>LobbyView</name>
        <message numerus="yes">
            <source>Start with %n player(s)</source>
            <translation>
                <numerusform>Start with %n player</numerusform>
                <numerusform>Start with %n players</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n seat(s) still open.</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>One seat is still open.</numerusform>
                <numerusform>%n seats are still open.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Start now with %n player(s), or wait for more.</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>Start now with %n player, or wait for more.</numerusform>
                <numerusform>Start now with %n players, or wait for more.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Log</name>
        <message numerus="yes">
            <source>{who} built %n floor(s) in {city} ({plots})</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>{who} built %n floor in {city} ({plots})</numerusform>
                <numerusform>{who} built %n floors in {city} ({plots})</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>NetText</name>
        <message numerus="yes">
            <source>No answer from the host for %n second(s).</source>
            <translation>
                <numerusform>No answer from the host for %n second.</numerusform>
                <numerusform>No answer from the host for %n seconds.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{host}:{port} did not answer within %n second(s).</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>{host}:{port} did not answer within %n second.</numerusform>
                <numerusform>{host}:{port} did not answer within %n seconds.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{host}:{port} accepted the connection but did not let this app in within %n second(s).</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>{host}:{port} accepted the connection but did not let this app in within %n second.</numerusform>
                <numerusform>{host}:{port} accepted the connection but did not let this app in within %n seconds.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>No answer from the host for %n second(s): the network may be down, or the host's computer asleep.</source>
            <translation>
                <numerusform>No answer from the host for %n second: the network may be down, or the host's computer asleep.</numerusform>
                <numerusform>No answer from the host for %n seconds: the network may be down, or the host's computer asleep.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>PlayersModel</name>
        <message numerus="yes">
            <source>%n card(s) played, {top} on top</source>
            <translation>
                <numerusform>%n card played, {top} on top</numerusform>
                <numerusform>%n cards played, {top} on top</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n floor(s) left</source>
            <translation>
                <numerusform>%n floor left</numerusform>
                <numerusform>%n floors left</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n card(s) in hand</source>
            <translation>
                <numerusform>%n card in hand</numerusform>
                <numerusform>%n cards in hand</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{base}; %n fame tile(s), face down</source>
            <translation>
                <numerusform>{base}; %n fame tile, face down</numerusform>
                <numerusform>{base}; %n fame tiles, face down</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n card(s), {top} on top</source>
            <translation>
                <numerusform>%n card, {top} on top</numerusform>
                <numerusform>%n cards, {top} on top</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Review</name>
        <message numerus="yes">
            <source>%n turn(s)</source>
            <translation>
                <numerusform>%n turn</numerusform>
                <numerusform>%n turns</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ReviewPanel</name>
        <message numerus="yes">
            <source>Reviewed: %n turn(s). Choose a turn to see it.</source>
            <translation>
                <numerusform>Reviewed: %n turn. Choose a turn to see it.</numerusform>
                <numerusform>Reviewed: %n turns. Choose a turn to see it.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ScoreWords</name>
        <message numerus="yes">
            <source>%n point(s)</source>
            <translation>
                <numerusform>1 point</numerusform>
                <numerusform>%n points</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n lady(s)</source>
            <translation>
                <numerusform>1 lady</numerusform>
                <numerusform>%n ladies</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n cap(s)</source>
            <translation>
                <numerusform>1 cap</numerusform>
                <numerusform>%n caps</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n beard(s)</source>
            <translation>
                <numerusform>1 beard</numerusform>
                <numerusform>%n beards</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n head(s), worth {points}</source>
            <translation>
                <numerusform>1 head, worth {points}</numerusform>
                <numerusform>%n heads, worth {points}</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Session</name>
        <message numerus="yes">
            <source>with %n player(s) the colours are {colors} (R3)</source>
            <translatorcomment>English forms of a count: singular, then plural.</translatorcomment>
            <translation>
                <numerusform>with %n player the colours are {colors} (R3)</numerusform>
                <numerusform>with %n players the colours are {colors} (R3)</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>StackDialog</name>
        <message numerus="yes">
            <source>%n card(s) played, the top card first.</source>
            <translation>
                <numerusform>%n card played.</numerusform>
                <numerusform>%n cards played, the top card first.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n card(s) played. You see the top one; the others below it lie face down for you (R26).</source>
            <translation>
                <numerusform>%n card played. You see it.</numerusform>
                <numerusform>%n cards played. You see the top one; the others below it lie face down for you (R26).</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n card(s) played.</source>
            <translation>
                <numerusform>%n card played.</numerusform>
                <numerusform>%n cards played.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n fame tile(s) won, face down (R26).</source>
            <translation>
                <numerusform>%n fame tile won, face down (R26).</numerusform>
                <numerusform>%n fame tiles won, face down (R26).</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Standing</name>
        <message numerus="yes">
            <source>{tied} tie (%n floor(s) each): {winner} holds it by the higher floor (R21)</source>
            <translation>
                <numerusform>{tied} tie (%n floor each): {winner} holds it by the higher floor (R21)</numerusform>
                <numerusform>{tied} tie (%n floors each): {winner} holds it by the higher floor (R21)</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{name} leads (%n floor(s))</source>
            <translation>
                <numerusform>{name} leads (%n floor)</numerusform>
                <numerusform>{name} leads (%n floors)</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>StartScreen</name>
        <message numerus="yes">
            <source>Continue (%n unfinished game(s))…</source>
            <translation>
                <numerusform>Continue (%n unfinished game)…</numerusform>
                <numerusform>Continue (%n unfinished games)…</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>StatisticsWindow</name>
        <message numerus="yes">
            <source>with %n player(s)</source>
            <translation>
                <numerusform>with %n player</numerusform>
                <numerusform>with %n players</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Last %n game(s): {recent} won (before them {earlier})</source>
            <translation>
                <numerusform>Last game: {recent} won (before it {earlier})</numerusform>
                <numerusform>Last %n games: {recent} won (before them {earlier})</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Story</name>
        <message numerus="yes">
            <source>built %n floor(s) in {city} ({plots})</source>
            <translation>
                <numerusform>built %n floor in {city} ({plots})</numerusform>
                <numerusform>built %n floors in {city} ({plots})</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>TrendChart</name>
        <message numerus="yes">
            <source>%n game(s), {wins} won; scores from {first} to {last}</source>
            <translation>
                <numerusform>%n game, {wins} won; scores from {first} to {last}</numerusform>
                <numerusform>%n games, {wins} won; scores from {first} to {last}</numerusform>
            </translation>
        </message>
    </context>
</TS>
