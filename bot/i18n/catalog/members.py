"""Catalogue strings: a member's own times (``/tapp quiet``, ``/tapp away``) and how the
tables show them."""

EN: dict[str, str] = {
    # commands
    "quiet.cmd.group": "Your quiet hours: reminders and timeouts of your turns wait",
    "quiet.cmd.set": "Set your time zone and quiet hours on this server",
    "quiet.cmd.zone": "Your time zone, e.g. Europe/Zurich (default: the one you set before)",
    "quiet.cmd.from": "Quiet from (your time), e.g. 22:00",
    "quiet.cmd.to": "Quiet until (your time), e.g. 07:00",
    "quiet.cmd.off": "No more quiet hours on this server",
    "quiet.cmd.show": "Show your time zone, quiet hours and away period",
    "away.cmd.group": "Away for a while: a computer plays your seats",
    "away.cmd.set": "Mark yourself away on this server: a computer plays your seats",
    "away.cmd.days": "Away for this many days from now",
    "away.cmd.until": "Away until a date (2025-06-01) or a date and time (2025-06-01 18:00)",
    "away.cmd.zone": "The time zone of that date (default: yours, else UTC)",
    "away.cmd.off": "You are back: play your seats yourself again",
    # answers
    "quiet.saved": "🌙 Quiet hours saved: {start}–{end} ({zone}). On this server the"
                   " reminders and timeouts of your turns wait until they end, and turn"
                   " pings come without a notification meanwhile.",
    "quiet.removed": "Your quiet hours are off: reminders and timeouts of your turns come"
                     " at any time.",
    "quiet.show.title": "**Your times on this server**",
    "quiet.show.zone": "Time zone: {zone} (your time now: {now})",
    "quiet.show.no_zone": "Time zone: not set",
    "quiet.show.quiet": "Quiet hours: {start}–{end}",
    "quiet.show.quiet_now": "Quiet hours: {start}–{end} (now, until {until})",
    "quiet.show.no_quiet": "Quiet hours: none",
    "quiet.show.away": "Away until {until}: a computer plays your seats",
    "quiet.show.not_away": "Away: no",
    "away.saved": "🌴 You are away until {until}. On this server a computer plays your"
                  " seats from the start of your turns. `/tapp away off`, *My hand* or an"
                  " action of yours brings you back.",
    "away.back": "Welcome back: you play your seats yourself again.",
    # refusals (nothing is changed)
    "quiet.error.invalid": "That time does not fit; nothing was changed.",
    "quiet.error.zone": "I do not know the time zone “{zone}”; nothing was changed. Use a"
                        " name like Europe/Zurich, America/New_York or UTC (the list offers"
                        " them as you type).",
    "quiet.error.no_zone": "Tell me your time zone too, e.g. zone:Europe/Zurich; nothing was"
                           " changed.",
    "quiet.error.clock": "“{text}” is not a time of day; nothing was changed. Write it like"
                         " 22:00 or 7:30.",
    "quiet.error.same": "Quiet hours must start and end at different times; nothing was"
                        " changed.",
    "quiet.error.long": "Quiet hours may last at most {hours} hours; nothing was changed.",
    "away.error.one": "Say either for how many days (days) or until when (until); nothing"
                      " was changed.",
    "away.error.days": "You can be away for 1 to {most} days; nothing was changed.",
    "away.error.until": "“{text}” is not a date; nothing was changed. Write it like"
                        " 2025-06-01 or 2025-06-01 18:00.",
    "away.error.past": "That time has passed already; nothing was changed.",
    # the table message and the panel
    "mark.quiet": "🌙 quiet until {until}",
    "mark.away": "🌴 away until {until}",
    "mark.away_computer": "🌴 away until {until} (a computer plays)",
    "panel.away": "🌴 You are away until {until}: a computer plays your seat. *My hand* or"
                  " `/tapp away off` brings you back.",
}

DE: dict[str, str] = {
    "quiet.cmd.group": "Deine Ruhezeit: Erinnerungen und Zeitablauf deiner Züge warten",
    "quiet.cmd.set": "Zeitzone und Ruhezeit auf diesem Server festlegen",
    "quiet.cmd.zone": "Deine Zeitzone, z. B. Europe/Zurich (sonst die zuletzt gewählte)",
    "quiet.cmd.from": "Ruhe ab (deine Zeit), z. B. 22:00",
    "quiet.cmd.to": "Ruhe bis (deine Zeit), z. B. 07:00",
    "quiet.cmd.off": "Keine Ruhezeit mehr auf diesem Server",
    "quiet.cmd.show": "Zeitzone, Ruhezeit und Abwesenheit anzeigen",
    "away.cmd.group": "Eine Weile abwesend: ein Computer spielt deine Plätze",
    "away.cmd.set": "Dich auf diesem Server abwesend melden: ein Computer spielt für dich",
    "away.cmd.days": "So viele Tage ab jetzt abwesend",
    "away.cmd.until": "Abwesend bis zu einem Datum (2025-06-01) oder Zeitpunkt (2025-06-01 18:00)",
    "away.cmd.zone": "Die Zeitzone dieses Datums (sonst deine, sonst UTC)",
    "away.cmd.off": "Du bist zurück: spiel deine Plätze wieder selbst",
    "quiet.saved": "🌙 Ruhezeit gespeichert: {start}–{end} ({zone}). Auf diesem Server"
                   " warten Erinnerungen und Zeitablauf deiner Züge, bis sie endet, und"
                   " Hinweise auf deinen Zug kommen solange ohne Benachrichtigung.",
    "quiet.removed": "Deine Ruhezeit ist aus: Erinnerungen und Zeitablauf deiner Züge"
                     " kommen zu jeder Zeit.",
    "quiet.show.title": "**Deine Zeiten auf diesem Server**",
    "quiet.show.zone": "Zeitzone: {zone} (bei dir ist es jetzt {now})",
    "quiet.show.no_zone": "Zeitzone: nicht festgelegt",
    "quiet.show.quiet": "Ruhezeit: {start}–{end}",
    "quiet.show.quiet_now": "Ruhezeit: {start}–{end} (jetzt, bis {until})",
    "quiet.show.no_quiet": "Ruhezeit: keine",
    "quiet.show.away": "Abwesend bis {until}: ein Computer spielt deine Plätze",
    "quiet.show.not_away": "Abwesend: nein",
    "away.saved": "🌴 Du bist abwesend bis {until}. Auf diesem Server spielt ein Computer"
                  " deine Plätze vom Beginn deiner Züge an. `/tapp away off`, *Mein Blatt*"
                  " oder ein eigener Zug holt dich zurück.",
    "away.back": "Willkommen zurück: du spielst deine Plätze wieder selbst.",
    "quiet.error.invalid": "Diese Zeit passt nicht; nichts wurde geändert.",
    "quiet.error.zone": "Die Zeitzone „{zone}“ kenne ich nicht; nichts wurde geändert. Nimm"
                        " einen Namen wie Europe/Zurich, America/New_York oder UTC (die"
                        " Liste schlägt sie beim Tippen vor).",
    "quiet.error.no_zone": "Nenn mir auch deine Zeitzone, z. B. zone:Europe/Zurich; nichts"
                           " wurde geändert.",
    "quiet.error.clock": "„{text}“ ist keine Uhrzeit; nichts wurde geändert. Schreib sie"
                         " wie 22:00 oder 7:30.",
    "quiet.error.same": "Die Ruhezeit muss zu verschiedenen Zeiten beginnen und enden;"
                        " nichts wurde geändert.",
    "quiet.error.long": "Die Ruhezeit darf höchstens {hours} Stunden dauern; nichts wurde"
                        " geändert.",
    "away.error.one": "Sag entweder, wie viele Tage (days) oder bis wann (until); nichts"
                      " wurde geändert.",
    "away.error.days": "Du kannst 1 bis {most} Tage abwesend sein; nichts wurde geändert.",
    "away.error.until": "„{text}“ ist kein Datum; nichts wurde geändert. Schreib es wie"
                        " 2025-06-01 oder 2025-06-01 18:00.",
    "away.error.past": "Dieser Zeitpunkt ist schon vorbei; nichts wurde geändert.",
    "mark.quiet": "🌙 Ruhezeit bis {until}",
    "mark.away": "🌴 abwesend bis {until}",
    "mark.away_computer": "🌴 abwesend bis {until} (ein Computer spielt)",
    "panel.away": "🌴 Du bist abwesend bis {until}: ein Computer spielt deinen Platz."
                  " *Mein Blatt* oder `/tapp away off` holt dich zurück.",
}

SV: dict[str, str] = {
    "quiet.cmd.group": "Dina tysta timmar: påminnelser och tidsgränser för dina drag väntar",
    "quiet.cmd.set": "Ställ in din tidszon och dina tysta timmar på denna server",
    "quiet.cmd.zone": "Din tidszon, t.ex. Europe/Stockholm (annars den du valde förut)",
    "quiet.cmd.from": "Tyst från (din tid), t.ex. 22:00",
    "quiet.cmd.to": "Tyst till (din tid), t.ex. 07:00",
    "quiet.cmd.off": "Inga tysta timmar längre på denna server",
    "quiet.cmd.show": "Visa din tidszon, dina tysta timmar och din frånvaro",
    "away.cmd.group": "Borta ett tag: en dator spelar dina platser",
    "away.cmd.set": "Anmäl dig borta på denna server: en dator spelar dina platser",
    "away.cmd.days": "Borta så många dagar från nu",
    "away.cmd.until": "Borta till ett datum (2025-06-01) eller en tidpunkt (2025-06-01 18:00)",
    "away.cmd.zone": "Tidszonen för det datumet (annars din, annars UTC)",
    "away.cmd.off": "Du är tillbaka: spela dina platser själv igen",
    "quiet.saved": "🌙 Tysta timmar sparade: {start}–{end} ({zone}). På denna server"
                   " väntar påminnelser och tidsgränser för dina drag tills de är slut, och"
                   " meddelanden om ditt drag kommer under tiden utan avisering.",
    "quiet.removed": "Dina tysta timmar är avstängda: påminnelser och tidsgränser för dina"
                     " drag kommer när som helst.",
    "quiet.show.title": "**Dina tider på denna server**",
    "quiet.show.zone": "Tidszon: {zone} (klockan hos dig nu: {now})",
    "quiet.show.no_zone": "Tidszon: inte vald",
    "quiet.show.quiet": "Tysta timmar: {start}–{end}",
    "quiet.show.quiet_now": "Tysta timmar: {start}–{end} (nu, till {until})",
    "quiet.show.no_quiet": "Tysta timmar: inga",
    "quiet.show.away": "Borta till {until}: en dator spelar dina platser",
    "quiet.show.not_away": "Borta: nej",
    "away.saved": "🌴 Du är borta till {until}. På denna server spelar en dator dina"
                  " platser från början av dina drag. `/tapp away off`, *Min hand* eller"
                  " ett eget drag tar dig tillbaka.",
    "away.back": "Välkommen tillbaka: du spelar dina platser själv igen.",
    "quiet.error.invalid": "Den tiden passar inte; inget ändrades.",
    "quiet.error.zone": "Tidszonen ”{zone}” känner jag inte till; inget ändrades. Använd ett"
                        " namn som Europe/Stockholm, America/New_York eller UTC (listan"
                        " föreslår dem medan du skriver).",
    "quiet.error.no_zone": "Ange din tidszon också, t.ex. zone:Europe/Stockholm; inget"
                           " ändrades.",
    "quiet.error.clock": "”{text}” är ingen tid på dygnet; inget ändrades. Skriv den som"
                         " 22:00 eller 7:30.",
    "quiet.error.same": "Tysta timmar måste börja och sluta vid olika tider; inget ändrades.",
    "quiet.error.long": "Tysta timmar får vara högst {hours} timmar; inget ändrades.",
    "away.error.one": "Ange antingen hur många dagar (days) eller till när (until); inget"
                      " ändrades.",
    "away.error.days": "Du kan vara borta 1 till {most} dagar; inget ändrades.",
    "away.error.until": "”{text}” är inget datum; inget ändrades. Skriv det som 2025-06-01"
                        " eller 2025-06-01 18:00.",
    "away.error.past": "Den tidpunkten har redan passerat; inget ändrades.",
    "mark.quiet": "🌙 tyst till {until}",
    "mark.away": "🌴 borta till {until}",
    "mark.away_computer": "🌴 borta till {until} (en dator spelar)",
    "panel.away": "🌴 Du är borta till {until}: en dator spelar din plats. *Min hand* eller"
                  " `/tapp away off` tar dig tillbaka.",
}
