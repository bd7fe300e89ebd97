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
    # /tapp new without the permissions the bot needs (bot/permissions.py)
    "perm.missing": "I can't open a table here: I lack these permissions (nothing was"
                    " created).\n{lines}\nA server admin can give them to my role (Server"
                    " Settings → Roles) or in the channel (Edit Channel → Permissions);"
                    " then try again.",
    "perm.where.channel": "• in {channel}: {names}",
    "perm.where.this_thread": "• in this thread: {names}",
    "perm.where.new_thread": "• in the table's thread (threads take {channel}'s"
                             " permissions): {names}",
    "perm.view_channel": "View Channel", "perm.send_messages": "Send Messages",
    "perm.send_messages_in_threads": "Send Messages in Threads",
    "perm.create_public_threads": "Create Public Threads", "perm.embed_links": "Embed Links",
    "perm.attach_files": "Attach Files",
    "table.moved_locked": "🔒 The thread {thread} was locked, so this table goes on here"
                          " in the channel: the table message follows below.",
    "table.forbidden": "⚠️ Discord refused me in {where}, so the table there cannot be"
                       " kept up to date. There I need: {names}. A server admin can grant"
                       " them in the channel's permissions.",
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
    "perm.missing": "Ich kann hier keinen Tisch eröffnen: Mir fehlen diese Berechtigungen"
                    " (es wurde nichts angelegt).\n{lines}\nEin Server-Admin kann sie meiner"
                    " Rolle geben (Servereinstellungen → Rollen) oder im Kanal (Kanal"
                    " bearbeiten → Berechtigungen); dann versuch es noch einmal.",
    "perm.where.channel": "• in {channel}: {names}",
    "perm.where.this_thread": "• in diesem Thread: {names}",
    "perm.where.new_thread": "• im Thread des Tisches (Threads übernehmen die"
                             " Berechtigungen von {channel}): {names}",
    "perm.view_channel": "Kanal ansehen", "perm.send_messages": "Nachrichten senden",
    "perm.send_messages_in_threads": "Nachrichten in Threads senden",
    "perm.create_public_threads": "Öffentliche Threads erstellen",
    "perm.embed_links": "Links einbetten", "perm.attach_files": "Dateien anhängen",
    "table.moved_locked": "🔒 Der Thread {thread} wurde gesperrt, darum geht dieser Tisch"
                          " hier im Kanal weiter: die Tischnachricht folgt unten.",
    "table.forbidden": "⚠️ Discord hat mich in {where} abgewiesen, darum kann der Tisch"
                       " dort nicht aktuell bleiben. Dort brauche ich: {names}. Eine"
                       " Server-Adminperson kann sie in den Kanalberechtigungen geben.",
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
    "perm.missing": "Jag kan inte öppna ett bord här: jag saknar de här behörigheterna"
                    " (inget skapades).\n{lines}\nEn serveradmin kan ge dem till min roll"
                    " (Serverinställningar → Roller) eller i kanalen (Redigera kanal →"
                    " Behörigheter); försök sedan igen.",
    "perm.where.channel": "• i {channel}: {names}",
    "perm.where.this_thread": "• i den här tråden: {names}",
    "perm.where.new_thread": "• i bordets tråd (trådar får behörigheterna från {channel}):"
                             " {names}",
    "perm.view_channel": "Visa kanal", "perm.send_messages": "Skicka meddelanden",
    "perm.send_messages_in_threads": "Skicka meddelanden i trådar",
    "perm.create_public_threads": "Skapa offentliga trådar",
    "perm.embed_links": "Bädda in länkar", "perm.attach_files": "Bifoga filer",
    "table.moved_locked": "🔒 Tråden {thread} låstes, så bordet fortsätter här i kanalen:"
                          " bordsmeddelandet kommer nedan.",
    "table.forbidden": "⚠️ Discord nekade mig i {where}, så bordet där kan inte hållas"
                       " aktuellt. Där behöver jag: {names}. En serveradmin kan ge dem i"
                       " kanalens behörigheter.",
}
