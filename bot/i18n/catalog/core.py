"""Catalogue strings: shared words (errors, variants), the ``/tapp`` group and
``/tapp about`` and ``/tapp ping``."""

EN: dict[str, str] = {
    "error.generic": "Something went wrong; nothing was changed. Please try again.",
    "error.command": "Sorry, something went wrong with that command.",
    "variant.zuger": "Zuger Tapp",
    "variant.tapp1879": "Tapp (1879)",
    "variant.dapp": "Dapp",
    "variant.wuerttemberg": "Württemberg Tapp",
    # the /tapp group and the meta commands
    "cmd.tapp": "Play Tapp, the trick-taking card game",
    "cmd.about": "What this bot is and which version runs",
    "cmd.ping": "Check that the bot answers",
    "meta.about.title": "Tapp",
    "meta.about.description": (
        "Tapp, the trick-taking card game, for Discord: Zuger Tapp, Tapp of 1879, Dapp and"
        " Württemberg Tapp. Start a table with `/tapp new`, play with buttons, compare"
        " chips with `/tapp leaderboard`."),
    "meta.about.footer": "tapp-bot {version}, discord.py {library}",
    "meta.ping": "Pong! Gateway latency: {latency}",
    "meta.ping.ms": "{ms} ms",
    "meta.ping.unknown": "not measured yet",
}

DE: dict[str, str] = {
    "error.generic": "Etwas ist schiefgegangen; nichts wurde geändert. Bitte versuch es erneut.",
    "error.command": "Leider ist bei diesem Befehl etwas schiefgegangen.",
    "variant.zuger": "Zuger Tapp",
    "variant.tapp1879": "Tapp (1879)",
    "variant.dapp": "Dapp",
    "variant.wuerttemberg": "Württemberger Tapp",
    "cmd.tapp": "Tapp spielen, das Stichspiel",
    "cmd.about": "Was dieser Bot ist und welche Version läuft",
    "cmd.ping": "Prüfen, ob der Bot antwortet",
    "meta.about.title": "Tapp",
    "meta.about.description": (
        "Tapp, das Stichspiel, auf Discord: Zuger Tapp, Tapp von 1879, Dapp und"
        " Württemberger Tapp. Eröffne einen Tisch mit `/tapp neu`, spiel mit den Buttons"
        " und vergleiche die Chips mit `/tapp rangliste`."),
    "meta.about.footer": "tapp-bot {version}, discord.py {library}",
    "meta.ping": "Pong! Gateway-Latenz: {latency}",
    "meta.ping.ms": "{ms} ms",
    "meta.ping.unknown": "noch nicht gemessen",
}

SV: dict[str, str] = {
    "error.generic": "Något gick fel; inget ändrades. Försök igen.",
    "error.command": "Tyvärr gick något fel med det kommandot.",
    "variant.zuger": "Zuger Tapp",
    "variant.tapp1879": "Tapp (1879)",
    "variant.dapp": "Dapp",
    "variant.wuerttemberg": "Württembergsk tapp",
    "cmd.tapp": "Spela Tapp, kortspelet med stick",
    "cmd.about": "Vad boten är och vilken version som körs",
    "cmd.ping": "Kontrollera att boten svarar",
    "meta.about.title": "Tapp",
    "meta.about.description": (
        "Tapp, kortspelet med stick, på Discord: Zuger Tapp, Tapp från 1879, Dapp och"
        " württembergsk tapp. Öppna ett bord med `/tapp ny`, spela med knapparna och"
        " jämför marker med `/tapp topplista`."),
    "meta.about.footer": "tapp-bot {version}, discord.py {library}",
    "meta.ping": "Pong! Latens till gatewayen: {latency}",
    "meta.ping.ms": "{ms} ms",
    "meta.ping.unknown": "inte uppmätt än",
}
