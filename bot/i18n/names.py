"""Command, group and option names in German and Swedish (lowercase, no spaces, as
Discord requires); used by the translator and by refusals that name an option."""

from __future__ import annotations

#: localized command, group and option names (English name → name)
NAMES: dict[str, dict[str, str]] = {
    "de": {
        "new": "neu", "leave": "verlassen", "end": "beenden", "table": "tisch",
        "rules": "regeln", "hand": "blatt", "bid": "reizen", "play": "spielen",
        "trump": "trumpf", "discard": "drücken", "call": "rufen", "give": "geben",
        "announce": "ansagen", "leaderboard": "rangliste", "stats": "statistik",
        "history": "verlauf", "about": "info",
        "variant": "variante", "players": "spieler", "stake": "einsatz", "deck": "blattgröße",
        "tapp_threshold": "tapp_grenze", "ante": "einlage", "closing_round": "schlussrunde",
        "level": "stufe", "now": "sofort", "value": "ansage", "card": "karte", "suit": "farbe",
        "cards": "karten", "member": "mitglied", "period": "zeitraum",
        "settings": "einstellungen", "show": "anzeigen", "set": "ändern",
        "reset": "zurücksetzen", "setting": "einstellung", "reminder": "erinnerung",
        "timeout": "bedenkzeit", "on_timeout": "bei_zeitablauf", "computers": "computer",
        "deck_style": "kartenbild", "mode": "modus", "language": "sprache",
        "daily": "tagesspiel", "standings": "tabelle", "view": "ansicht",
        "list": "liste", "player": "spieler",
        "quiet": "ruhezeit", "away": "abwesend", "off": "aus", "zone": "zeitzone",
        "from": "von", "to": "bis", "days": "tage", "until": "bis_wann",
        "order": "sortierung", "season": "saison",
        "series": "serie", "open": "eröffnen", "info": "info", "join": "beitreten",
        "me": "meine", "close": "schließen", "delete": "löschen", "title": "titel",
        "deals": "spiele", "scoring": "wertung", "series_hosts": "serien_eröffnen",
    },
    "sv": {
        "new": "ny", "leave": "lämna", "end": "avsluta", "table": "bord", "rules": "regler",
        "bid": "bjud", "play": "spela", "trump": "trumf", "discard": "lägg_bort",
        "call": "kalla", "give": "ge", "announce": "meddela", "leaderboard": "topplista",
        "stats": "statistik", "history": "historik", "about": "om",
        "players": "spelare", "stake": "insats", "deck": "kortlek",
        "tapp_threshold": "tappgräns", "ante": "pottinsats", "closing_round": "slutrunda",
        "level": "nivå", "now": "direkt", "value": "bud", "card": "kort", "suit": "färg",
        "cards": "kort", "member": "medlem", "period": "period",
        "settings": "inställningar", "show": "visa", "set": "ändra", "reset": "återställ",
        "setting": "inställning", "reminder": "påminnelse", "timeout": "betänketid",
        "on_timeout": "vid_tidsgräns", "computers": "datorspelare", "deck_style": "kortbild",
        "mode": "läge", "language": "språk",
        "daily": "dagens", "standings": "tabell", "view": "vy",
        "list": "lista", "player": "spelare",
        "quiet": "tyst", "away": "borta", "off": "av", "zone": "tidszon", "from": "från",
        "to": "till", "days": "dagar", "until": "tills",
        "order": "ordning", "season": "säsong",
        "series": "serie", "open": "öppna", "info": "info", "join": "gå_med",
        "me": "mina", "close": "stäng", "delete": "radera", "title": "titel",
        "deals": "givar", "scoring": "poängräkning", "series_hosts": "serieöppnare",
    },
}
