"""Catalogue strings: the deal of the day (its private panel, its tables, its refusals)."""

EN: dict[str, str] = {
    # commands and options
    "daily.cmd.play": "Play today's deal of the day: privately, against computer players",
    "daily.cmd.standings": "The deal of the day's table: today, yesterday, this week or streaks",
    "daily.opt.view": "Which table (default: today's)",
    "daily.view.today": "today",
    "daily.view.yesterday": "yesterday",
    "daily.view.week": "this week",
    "daily.view.streaks": "streaks",
    # the private panel
    "daily.title": "Deal of the day · {date} · {variant}",
    "daily.intro": "You hold seat {seat} against computer players. Every member of this"
                   " server plays these same cards today; the one who makes the most of"
                   " them tops the day's table. The deal waits for you until midnight UTC.",
    "daily.commitment": "Shuffle commitment: `{hash}` (the seed is published once the day"
                        " is over).",
    "daily.you": "{name} (you)",
    "daily.declined": "You let it pass: play on.",
    "daily.may_announce": "You may say {word} now, or play on without it.",
    "daily.button.decline": "Play on",
    # the result
    "daily.summary.title": "Deal of the day · {date}: your result",
    "daily.summary.chips": "**Your seat's result:** {chips}",
    "daily.summary.place": "**Your place so far:** {rank} of {n} · {percent}",
    "daily.summary.first": "You are the first to finish today's deal: the table fills as"
                           " others play it.",
    "daily.summary.final": "More members may play it until midnight UTC; then the day's"
                           " table is final and open to everyone.",
    "daily.button.table": "Today's table",
    "daily.hands.intro": "Deal of the day · {date}: every hand as it was dealt.",
    # tables
    "daily.board.title": "Deal of the day · {date} · {variant}",
    "daily.board.title.none": "Deal of the day · {date}",
    "daily.board.line": "**{rank}.** {who} · **{percent}** · {chips} · {outcome}",
    "daily.board.hidden": "{n} members have finished today's deal. Its table shows once you"
                          " have played it yourself: `/tapp daily`.",
    "daily.board.hidden.1": "1 member has finished today's deal. Its table shows once you"
                            " have played it yourself: `/tapp daily`.",
    "daily.board.nobody_today": "Nobody has finished today's deal yet. Be the first:"
                                " `/tapp daily`.",
    "daily.board.nobody": "Nobody finished the deal of that day.",
    "daily.board.no_deal": "There was no deal of the day that day.",
    "daily.board.playing": "Playing it now: {n}.",
    "daily.board.footer.today": "Only members who have played today's deal see its table ·"
                                " final at midnight UTC",
    "daily.board.footer.day": "Matchpoints: 2 for each member beaten on the same cards, 1"
                              " for each tie, as a percentage",
    "daily.board.seed": "Seed: `{seed}` · check the cards with `{command}`",
    "daily.board.week.title": "Deal of the day · week of {date}",
    "daily.board.week.line": "**{rank}.** {who} · **{total}** in {days} · average {average}",
    "daily.board.week.none": "No deal of this week is over yet.",
    "daily.board.week.nobody": "Nobody played a deal of the day that week.",
    "daily.board.week.footer": "The days' percentages added up · days over: {first} to"
                               " {last}",
    "daily.board.week.today": "Today's deal counts from tomorrow; {n} members have played"
                              " it so far.",
    "daily.board.week.today.1": "Today's deal counts from tomorrow; 1 member has played it"
                                " so far.",
    "daily.board.streaks.title": "Deal of the day · streaks",
    "daily.board.streaks.line": "**{rank}.** {who} · best **{best}** · now {current}",
    "daily.board.streaks.none": "Nobody has finished a deal of the day yet.",
    "daily.board.streaks.footer": "Days in a row with the deal of the day played (today's"
                                  " counts once played)",
    "daily.days": "{n} days",
    "daily.days.1": "1 day",
    "daily.percent": "{n}%",
    "daily.decimal": ".",
    "daily.outcome.thrown_in": "thrown in",
    "daily.outcome.ramsch": "Ramsch",
    "daily.outcome.theirs": "{contract} by them, {result}",
    "daily.outcome.computer": "{contract} by a computer, {result}",
    "daily.button.previous_day": "◀ Day before",
    "daily.button.next_day": "Day after ▶",
    "daily.button.previous_week": "◀ Week before",
    "daily.button.next_week": "Week after ▶",
    "daily.button.play": "Play today's deal",
    "daily.button.week": "This week",
    "daily.button.streaks": "Streaks",
    # refusals
    "daily.error.server_only": "The deal of the day is played on a server.",
    "daily.error.not_yours": "That is not your deal of the day. Play your own with"
                             " `/tapp daily`.",
    "daily.error.day_over": "That deal of the day is over: its day ended at midnight UTC."
                            " Today's deal: `/tapp daily`.",
    "daily.error.stale": "That button is out of date: your deal of the day has moved on."
                         " Use your newest panel, or `/tapp daily`.",
    "daily.error.finished": "You have finished today's deal of the day. Its table:"
                            " `/tapp daily-standings`.",
    "daily.error.not_finished": "Finish the deal of the day first: `/tapp daily`.",
    "daily.error.not_yet": "That day has not come yet.",
    "daily.error.thinking": "The computer players are still thinking. Nothing you did is"
                            " lost: try `/tapp daily` again in a moment.",
    "daily.error.unavailable": "The deal of the day is not available right now.",
}

DE: dict[str, str] = {
    "daily.cmd.play": "Das Tagesspiel spielen: für dich allein, gegen Computerspieler",
    "daily.cmd.standings": "Die Tabelle des Tagesspiels: heute, gestern, diese Woche oder"
                           " Serien",
    "daily.opt.view": "Welche Tabelle (sonst die von heute)",
    "daily.view.today": "heute",
    "daily.view.yesterday": "gestern",
    "daily.view.week": "diese Woche",
    "daily.view.streaks": "Serien",
    "daily.title": "Tagesspiel · {date} · {variant}",
    "daily.intro": "Du sitzt auf Platz {seat} gegen Computerspieler. Alle Mitglieder dieses"
                   " Servers spielen heute genau diese Karten; wer am meisten daraus macht,"
                   " führt die Tagestabelle an. Das Spiel wartet auf dich bis Mitternacht"
                   " UTC.",
    "daily.commitment": "Verpflichtung des Mischens: `{hash}` (der Seed wird nach Ablauf des"
                        " Tages veröffentlicht).",
    "daily.you": "{name} (du)",
    "daily.declined": "Du lässt es gut sein: weiter geht's.",
    "daily.may_announce": "Du kannst jetzt {word} sagen oder ohne weiterspielen.",
    "daily.button.decline": "Weiterspielen",
    "daily.summary.title": "Tagesspiel · {date}: dein Ergebnis",
    "daily.summary.chips": "**Ergebnis deines Platzes:** {chips}",
    "daily.summary.place": "**Dein Rang bisher:** {rank} von {n} · {percent}",
    "daily.summary.first": "Du bist heute der oder die Erste: die Tabelle füllt sich, wenn"
                           " andere spielen.",
    "daily.summary.final": "Andere können bis Mitternacht UTC noch spielen; dann ist die"
                           " Tagestabelle endgültig und für alle sichtbar.",
    "daily.button.table": "Tabelle von heute",
    "daily.hands.intro": "Tagesspiel · {date}: alle Blätter, wie sie gegeben wurden.",
    "daily.board.title": "Tagesspiel · {date} · {variant}",
    "daily.board.title.none": "Tagesspiel · {date}",
    "daily.board.line": "**{rank}.** {who} · **{percent}** · {chips} · {outcome}",
    "daily.board.hidden": "{n} Mitglieder haben das heutige Tagesspiel beendet. Die Tabelle"
                          " siehst du, sobald du es selbst gespielt hast: `/tapp tagesspiel`.",
    "daily.board.hidden.1": "1 Mitglied hat das heutige Tagesspiel beendet. Die Tabelle"
                            " siehst du, sobald du es selbst gespielt hast:"
                            " `/tapp tagesspiel`.",
    "daily.board.nobody_today": "Noch niemand hat das heutige Tagesspiel beendet. Sei die"
                                " oder der Erste: `/tapp tagesspiel`.",
    "daily.board.nobody": "An diesem Tag hat niemand das Tagesspiel beendet.",
    "daily.board.no_deal": "An diesem Tag gab es kein Tagesspiel.",
    "daily.board.playing": "Spielen es gerade: {n}.",
    "daily.board.footer.today": "Nur wer das heutige Tagesspiel gespielt hat, sieht die"
                                " Tabelle · endgültig um Mitternacht UTC",
    "daily.board.footer.day": "Matchpunkte: 2 für jedes Mitglied, das auf denselben Karten"
                              " geschlagen wurde, 1 für jedes Unentschieden, in Prozent",
    "daily.board.seed": "Seed: `{seed}` · prüfe die Karten mit `{command}`",
    "daily.board.week.title": "Tagesspiel · Woche ab {date}",
    "daily.board.week.line": "**{rank}.** {who} · **{total}** · {days} · im Schnitt"
                             " {average}",
    "daily.board.week.none": "Noch ist kein Tagesspiel dieser Woche abgeschlossen.",
    "daily.board.week.nobody": "In dieser Woche hat niemand ein Tagesspiel gespielt.",
    "daily.board.week.footer": "Die Prozente der Tage zusammengezählt · abgeschlossene"
                               " Tage: {first} bis {last}",
    "daily.board.week.today": "Das heutige Tagesspiel zählt ab morgen; bisher haben es {n}"
                              " Mitglieder gespielt.",
    "daily.board.week.today.1": "Das heutige Tagesspiel zählt ab morgen; bisher hat es 1"
                                " Mitglied gespielt.",
    "daily.board.streaks.title": "Tagesspiel · Serien",
    "daily.board.streaks.line": "**{rank}.** {who} · beste **{best}** · jetzt {current}",
    "daily.board.streaks.none": "Noch niemand hat ein Tagesspiel beendet.",
    "daily.board.streaks.footer": "Tage in Folge mit gespieltem Tagesspiel (das heutige"
                                  " zählt, sobald es gespielt ist)",
    "daily.days": "{n} Tage",
    "daily.days.1": "1 Tag",
    "daily.percent": "{n} %",
    "daily.decimal": ",",
    "daily.outcome.thrown_in": "eingeworfen",
    "daily.outcome.ramsch": "Ramsch",
    "daily.outcome.theirs": "{contract} selbst gespielt, {result}",
    "daily.outcome.computer": "{contract} eines Computers, {result}",
    "daily.button.previous_day": "◀ Tag davor",
    "daily.button.next_day": "Tag danach ▶",
    "daily.button.previous_week": "◀ Woche davor",
    "daily.button.next_week": "Woche danach ▶",
    "daily.button.play": "Heutiges Tagesspiel spielen",
    "daily.button.week": "Diese Woche",
    "daily.button.streaks": "Serien",
    "daily.error.server_only": "Das Tagesspiel wird auf einem Server gespielt.",
    "daily.error.not_yours": "Das ist nicht dein Tagesspiel. Spiel dein eigenes mit"
                             " `/tapp tagesspiel`.",
    "daily.error.day_over": "Dieses Tagesspiel ist vorbei: sein Tag endete um Mitternacht"
                            " UTC. Das heutige: `/tapp tagesspiel`.",
    "daily.error.stale": "Dieser Knopf ist veraltet: dein Tagesspiel ist weiter. Nimm dein"
                         " neuestes Fenster oder `/tapp tagesspiel`.",
    "daily.error.finished": "Du hast das heutige Tagesspiel schon beendet. Die Tabelle:"
                            " `/tapp tagesspiel-tabelle`.",
    "daily.error.not_finished": "Beende zuerst das Tagesspiel: `/tapp tagesspiel`.",
    "daily.error.not_yet": "Dieser Tag ist noch nicht gekommen.",
    "daily.error.thinking": "Die Computerspieler denken noch. Nichts ist verloren: versuch"
                            " `/tapp tagesspiel` gleich noch einmal.",
    "daily.error.unavailable": "Das Tagesspiel ist gerade nicht verfügbar.",
}

SV: dict[str, str] = {
    "daily.cmd.play": "Spela dagens giv: för dig själv, mot datorspelare",
    "daily.cmd.standings": "Tabellen för dagens giv: i dag, i går, denna vecka eller"
                           " sviter",
    "daily.opt.view": "Vilken tabell (annars dagens)",
    "daily.view.today": "i dag",
    "daily.view.yesterday": "i går",
    "daily.view.week": "denna vecka",
    "daily.view.streaks": "sviter",
    "daily.title": "Dagens giv · {date} · {variant}",
    "daily.intro": "Du sitter på plats {seat} mot datorspelare. Alla medlemmar på den här"
                   " servern spelar exakt dessa kort i dag; den som får ut mest av dem toppar"
                   " dagens tabell. Given väntar på dig till midnatt UTC.",
    "daily.commitment": "Blandningens åtagande: `{hash}` (fröet publiceras när dagen är"
                        " slut).",
    "daily.you": "{name} (du)",
    "daily.declined": "Du låter det passera: spela vidare.",
    "daily.may_announce": "Du kan säga {word} nu, eller spela vidare utan.",
    "daily.button.decline": "Spela vidare",
    "daily.summary.title": "Dagens giv · {date}: ditt resultat",
    "daily.summary.chips": "**Din plats resultat:** {chips}",
    "daily.summary.place": "**Din placering hittills:** {rank} av {n} · {percent}",
    "daily.summary.first": "Du är först i dag: tabellen fylls på när andra spelar.",
    "daily.summary.final": "Fler kan spela till midnatt UTC; sedan är dagens tabell slutgiltig"
                           " och öppen för alla.",
    "daily.button.table": "Dagens tabell",
    "daily.hands.intro": "Dagens giv · {date}: alla händer som de gavs.",
    "daily.board.title": "Dagens giv · {date} · {variant}",
    "daily.board.title.none": "Dagens giv · {date}",
    "daily.board.line": "**{rank}.** {who} · **{percent}** · {chips} · {outcome}",
    "daily.board.hidden": "{n} medlemmar har spelat klart dagens giv. Tabellen visas när du"
                          " har spelat den själv: `/tapp dagens`.",
    "daily.board.hidden.1": "1 medlem har spelat klart dagens giv. Tabellen visas när du har"
                            " spelat den själv: `/tapp dagens`.",
    "daily.board.nobody_today": "Ingen har spelat klart dagens giv än. Bli först:"
                                " `/tapp dagens`.",
    "daily.board.nobody": "Ingen spelade klart den dagens giv.",
    "daily.board.no_deal": "Det fanns ingen dagens giv den dagen.",
    "daily.board.playing": "Spelar den nu: {n}.",
    "daily.board.footer.today": "Bara de som har spelat dagens giv ser tabellen · slutgiltig"
                                " vid midnatt UTC",
    "daily.board.footer.day": "Matchpoäng: 2 för varje medlem man slog på samma kort, 1 för"
                              " varje lika, i procent",
    "daily.board.seed": "Frö: `{seed}` · kontrollera korten med `{command}`",
    "daily.board.week.title": "Dagens giv · veckan från {date}",
    "daily.board.week.line": "**{rank}.** {who} · **{total}** på {days} · snitt {average}",
    "daily.board.week.none": "Ingen giv den här veckan är avslutad än.",
    "daily.board.week.nobody": "Ingen spelade dagens giv den veckan.",
    "daily.board.week.footer": "Dagarnas procent sammanlagda · avslutade dagar: {first} till"
                               " {last}",
    "daily.board.week.today": "Dagens giv räknas från i morgon; {n} medlemmar har spelat den"
                              " hittills.",
    "daily.board.week.today.1": "Dagens giv räknas från i morgon; 1 medlem har spelat den"
                                " hittills.",
    "daily.board.streaks.title": "Dagens giv · sviter",
    "daily.board.streaks.line": "**{rank}.** {who} · bästa **{best}** · nu {current}",
    "daily.board.streaks.none": "Ingen har spelat klart en dagens giv än.",
    "daily.board.streaks.footer": "Dagar i rad med dagens giv spelad (dagens räknas när den"
                                  " är spelad)",
    "daily.days": "{n} dagar",
    "daily.days.1": "1 dag",
    "daily.percent": "{n} %",
    "daily.decimal": ",",
    "daily.outcome.thrown_in": "ingen spelade",
    "daily.outcome.ramsch": "Ramsch",
    "daily.outcome.theirs": "{contract} av dem själva, {result}",
    "daily.outcome.computer": "{contract} av en dator, {result}",
    "daily.button.previous_day": "◀ Dagen före",
    "daily.button.next_day": "Dagen efter ▶",
    "daily.button.previous_week": "◀ Veckan före",
    "daily.button.next_week": "Veckan efter ▶",
    "daily.button.play": "Spela dagens giv",
    "daily.button.week": "Denna vecka",
    "daily.button.streaks": "Sviter",
    "daily.error.server_only": "Dagens giv spelas på en server.",
    "daily.error.not_yours": "Det där är inte din dagens giv. Spela din egen med"
                             " `/tapp dagens`.",
    "daily.error.day_over": "Den dagens giv är över: dagen tog slut vid midnatt UTC. Dagens"
                            " giv: `/tapp dagens`.",
    "daily.error.stale": "Den knappen är inaktuell: din giv har gått vidare. Använd din"
                         " senaste panel, eller `/tapp dagens`.",
    "daily.error.finished": "Du har redan spelat klart dagens giv. Tabellen:"
                            " `/tapp dagens-tabell`.",
    "daily.error.not_finished": "Spela klart dagens giv först: `/tapp dagens`.",
    "daily.error.not_yet": "Den dagen har inte kommit än.",
    "daily.error.thinking": "Datorspelarna tänker fortfarande. Inget du gjort är förlorat:"
                            " försök `/tapp dagens` igen om en stund.",
    "daily.error.unavailable": "Dagens giv är inte tillgänglig just nu.",
}
