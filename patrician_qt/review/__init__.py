"""The review of a game's turns by the bots: each turn judged from what its player could see at that moment."""
