"""Frozen Württemberg deals for the scoring tests: hands, auction and card play, found
offline by a seeded search for the stated outcome and kept here verbatim. The tests state
the expected results from the rules; the names say what each deal shows."""

from .helpers import Scenario

# -- wuerttemberg

WUE_FARBE_61 = Scenario(
    'wuerttemberg', dealer=3,
    hands=(
        '7C QC AC 8S 6H QH TH 8D',
        'JC KC 6S TS 9H 9D KD AD',
        '8C 9C 9S JS KS AS JH KH',
        'TC QS 7H 8H 7D JD QD TD',
    ),
    talon='6C 7S AH 6D',
    options={'players': 4},
    auction='bid:weg bid:weg bid:weg bid:spiele declare:farbe trump:S',
    plays=('6H 9H JH 8H 9S QS 8S TS 9D JS JD 8D AS TD 7C 6S KS TC QC JC KH 7H TH KC QH KD 8C '
           'QD AC AD 9C 7D'),
)

WUE_FARBE_60 = Scenario(
    'wuerttemberg', dealer=3,
    hands=(
        '8C AC QS KS AS 7H QH TH',
        'JC KC 6S 7S KH 6D 8D QD',
        'QC 9S TS 6H 9H 9D TD AD',
        '6C 7C 9C TC 8S JH AH JD',
    ),
    talon='JS 8H 7D KD',
    options={'players': 4},
    auction='bid:weg bid:weg bid:weg bid:spiele declare:farbe trump:C',
    plays=('AC JC QC 7C QS 6S TS 8S TD JD 8C QD 7H KH 6H AH TC QH KC 9S 9C AS 7S 9D 6C KS 6D '
           '9H JH TH 8D AD'),
)

WUE_HERZ_61_3P = Scenario(
    'wuerttemberg', dealer=2,
    hands=(
        '6C JC TC JS QS AS 7H JH KH AH 9D',
        '7C 8C 9C QC KC AC 7S 6H 9H QH TD',
        '8S 9S KS TS 8H 6D 7D 8D JD KD AD',
    ),
    talon='6S TH QD',
    options={'players': 3},
    auction='bid:weg bid:weg bid:spiele declare:herz',
    plays=('6C AC 8H AD 9D TD TS JS 7S KD 7H QH 9H KS JH JC KC JD 6H 9S KH QS QC 8S TC 9C 8D '
           'AS 8C 7D AH 7C 6D'),
)

WUE_FARBE_32_61 = Scenario(
    'wuerttemberg', dealer=3,
    hands=(
        '9C TS 8H AH 8D QD AD',
        'KC 7S 9S AS QH 9D JD',
        '7C 8C QC TC KS 9H KH',
        '8S JS JH TH 7D KD TD',
    ),
    talon='JC AC QS 7H',
    options={'players': 4, 'deck': 32},
    auction='bid:weg bid:weg bid:weg bid:spiele declare:farbe trump:D',
    plays=('AD JD 7C TD QD 9D QC 7D 8D 9S 8C KD JH AH QH 9H 9C KC TC TH KS JS TS AS 7S KH 8S '
           '8H'),
)

WUE_HA_4P = Scenario(
    'wuerttemberg', dealer=3,
    hands=(
        '6C 7C JC KC AS 9H JH KD',
        '8C QC AC QS KS AH 6D 9D',
        'TS 7H 8H QH JD QD TD AD',
        'TC 6S 7S 9S JS KH TH 7D',
    ),
    talon='9C 8S 6H 8D',
    options={'players': 4, 'herz_aufnehmen': True},
    auction='bid:weg bid:weg bid:weg bid:spiele declare:herz_aufnehmen discard:JC.8S.9H.JH',
    plays=('7C AC 7H TC JD 7D 8D 6D TS JS AS KS 9C QC 8H TH KH 6H AH QH 9D QD 6S KD KC 8C TD '
           '9S 6C QS AD 7S'),
)

WUE_HA_3P_59 = Scenario(
    'wuerttemberg', dealer=2,
    hands=(
        'JC KC 7S 9S 7H 8H AH 6D JD KD AD',
        '6C QC AC 6S JS 9H QH TH 7D 9D QD',
        '8C 9C TC 8S QS KS TS AS 6H JH 8D',
    ),
    talon='7C KH TD',
    options={'players': 3, 'herz_aufnehmen': True},
    auction='bid:weg bid:weg bid:spiele declare:herz_aufnehmen discard:JC.KD.AD',
    plays=('7C AC 8C TH 6H 8H 7D 8D TD 9S JS QS 8S 7S 6S TS AH QH 7H 9H JH KS KH 6C JD QD 9C '
           'QC TC KC AS 6D 9D'),
)

WUE_RAMSCH4_TIE_LAST = Scenario(
    'wuerttemberg', dealer=3,
    hands=(
        '9C AC 6H 8H 9H 7D 9D TD',
        '8S QS TS JH KH AH 6D JD',
        '6C 7C 8C QC KS AS 7H TH',
        'KC TC 6S 7S 9S JS QH KD',
    ),
    talon='JC 8D QD AD',
    options={'players': 4},
    auction='bid:weg bid:weg bid:weg bid:weg',
    plays=('AC AH 7C KC TD JD 8C KD 9D 6D KS 6S 9H KH 7H QH TS AS 7S 9C 6C TC 6H QS 9S 8H 8S '
           'QC JS 7D JH TH'),
)

WUE_RAMSCH4_TIE_NONE = Scenario(
    'wuerttemberg', dealer=3,
    hands=(
        '6C 8S 8H 9H QH AH 6D TD',
        '7C 9C AC 9S QS KH 7D JD',
        'JC TC AS 6H JH TH 9D KD',
        '8C QC 7S JS 7H 8D QD AD',
    ),
    talon='KC 6S KS TS',
    options={'players': 4},
    auction='bid:weg bid:weg bid:weg bid:weg',
    plays=('9H KH TH 7H AS JS 8S QS TC QC 6C 7C KD AD TD 7D QD 6D JD 9D 8D AH 9C JH 8C 8H AC '
           'JC 9S 6H 7S QH'),
)

WUE_RAMSCH3_32 = Scenario(
    'wuerttemberg', dealer=2,
    hands=(
        'QC KC TC 8S JS KS TS TH 8D 9D',
        '7C 9C AC 7S 9H JH QH 7D JD QD',
        '8C QS AS 7H 8H KH AH KD TD AD',
    ),
    talon='JC 9S',
    options={'players': 3, 'deck': 32},
    auction='bid:weg bid:weg bid:weg',
    plays=('TH 9H AH AD 9D 7D 8H 8S JH 7C 8C QC KS 7S QS TS QH AS TD 8D JD KD JS QD KH TC 9C '
           '7H KC AC'),
)

WUE_FORCED_RAMSCH = Scenario(
    'wuerttemberg', dealer=3,
    hands=(
        '8C AC 6S 9S 7H 8H 6D 7D',
        'QC 8S JS QS KS TS 6H AH',
        '6C 7C JC TC AS JH QH TD',
        '9C 9H KH 8D JD QD KD AD',
    ),
    talon='KC 7S TH 9D',
    options={'players': 4, 'forced_ramsch': True},
    auction='',
    plays=('AC QC TC 9C 7H 6H JH 9H AS KD 9S 8S TD 8D 7D JS 6C JD 8C QS 8H AH QH KH KS 7C QD '
           '6S TS JC AD 6D'),
)

WUE_RAMSCH4_ZERO_POINTS_WITH_TRICK = Scenario(
    'wuerttemberg', dealer=3,
    hands=(
        'JC KC TC AC 6H QH 7D QD',
        '6C 7C 9C 9S QS 8H JD AD',
        '6S 7S 8S KS AS 9H 9D TD',
        '8C TS 7H JH KH TH AH KD',
    ),
    talon='QC JS 6D 8D',
    options={'players': 4},
    auction='bid:weg bid:weg bid:weg bid:weg',
    plays=('6H 8H 9H 7H TD KD 7D AD JD 9D 8C QD JC 6C 7S JH TC 9C 6S AH QH QS 8S KH TS KC 9S '
           'KS TH AC 7C AS'),
)
