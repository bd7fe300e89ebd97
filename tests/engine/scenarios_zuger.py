"""Frozen Zuger deals for the scoring tests: hands, auction and card play, found offline by
a seeded search for the stated outcome and kept here verbatim. The tests state the
expected results from the rules; the names say what each deal shows."""

from .helpers import Scenario

# -- zuger: seat 0 declares (dealer 3); the auction may be swapped for another contract

ZUGER_SOLO_64 = Scenario(
    'zuger', dealer=3,
    hands=(
        'AC 8S JS KS TS 7H 8H 9D',
        '7C JC TC 7S AS QH TH 7D',
        '9C QC QS 9H JH JD QD TD',
        '6C 8C KC 6S 9S 6H 8D AD',
    ),
    talon='KH AH 6D KD',
    auction='bid:solo bid:pass bid:pass bid:pass trump:S',
    plays=('7H QH 9H 6H 7C QC KC AC 8H TH JH 9S 6S 8S 7S QS 9C 8C TS JC 9D 7D TD AD 8D KS AS '
           'JD TC QD 6C JS'),
)

ZUGER_SOLO_65 = Scenario(
    'zuger', dealer=3,
    hands=(
        '7S 8S 9S AS TH AH 6D QD',
        '6C 9C 6S TS 8H QH KH 9D',
        '8C KC AC JS 6H 7H KD AD',
        'JC QC TC QS KS 9H 8D TD',
    ),
    talon='7C JH 7D JD',
    auction='bid:solo bid:pass bid:pass bid:pass trump:H',
    plays=('AS TS JS QS AH KH 7H 9H 9S 6S 6H KS AD TD QD 9D 8C TC TH 9C 8S 8H KC QC 6C AC JC '
           '7S KD 8D 6D QH'),
)

ZUGER_SOLO_69 = Scenario(
    'zuger', dealer=3,
    hands=(
        '7C TC TS 9H 8D QD TD AD',
        '6S QS KS 6H 7H JH KH KD',
        'JC AC JS 8H QH TH 7D JD',
        '6C 9C QC KC 8S AH 6D 9D',
    ),
    talon='8C 7S 9S AS',
    auction='bid:solo bid:pass bid:pass bid:pass trump:C',
    plays=('TC 7H JC KC 7C KH AC 6C 7D 6D AD KD TD 6S JD 9D TS QS JS 8S QD KS 8H 9C AH 9H 6H '
           'TH QC 8D JH QH'),
)

ZUGER_SOLO_70 = Scenario(
    'zuger', dealer=3,
    hands=(
        '7C 8C AC 8H QH TH 7D TD',
        '6C 6S 9S AS 7H AH 6D JD',
        'KC TC 7S TS 6H JH 9D QD',
        '9C 8S JS KS 9H KH 8D KD',
    ),
    talon='JC QC QS AD',
    auction='bid:solo bid:pass bid:pass bid:pass trump:D',
    plays=('QH AH 6H KH 7H JH 9H TH AC 6C KC 9C 7C 6D TC KD 8D TD JD 9D 8C AS QD KS 7S JS 7D '
           '6S 8H 9S TS 8S'),
)

ZUGER_SOLO_74 = Scenario(
    'zuger', dealer=3,
    hands=(
        '7C 8C JC AC AS 6H 6D QD',
        '9C QC TS 8H AH 7D JD KD',
        '6C TC 6S 8S 9H JH 9D TD',
        'KC 7S JS QS 7H QH 8D AD',
    ),
    talon='9S KS KH TH',
    auction='bid:solo bid:pass bid:pass bid:pass trump:D',
    plays=('QD JD 9D AD 7H 6H AH JH TS 6S JS AS AC QC TC KC 6D 7D TD 8D 6C QH JC 9C 8C KD 9H '
           'QS 8H 8S 7S 7C'),
)

ZUGER_SOLO_75 = Scenario(
    'zuger', dealer=3,
    hands=(
        '8C 9S QS 7H 9H QH TH AD',
        'QC KC 7S KS KH 7D 9D QD',
        '9C JC 6H 8H JH 6D 8D KD',
        '6C TC AC 6S 8S TS AH JD',
    ),
    talon='7C JS AS TD',
    auction='bid:solo bid:pass bid:pass bid:pass trump:S',
    plays=('9H KH JH AH 6S QS 7S KD 7H KS 8H TS JD AD 9D 8D TH 7D 6H 8S 6C 8C KC 9C QC JC TC '
           '9S QH QD 6D AC'),
)

ZUGER_SOLO_99 = Scenario(
    'zuger', dealer=3,
    hands=(
        '9C QC AC 9S JS KS AS TH',
        '8C KC QS 7H JH 9D TD AD',
        'JC 6S 7S 8S 6H 9H JD KD',
        '6C 7C TC TS 8H AH 6D QD',
    ),
    talon='QH KH 7D 8D',
    auction='bid:solo bid:pass bid:pass bid:pass trump:C',
    plays=('KS QS 6S TS TC AC 8C JC 9S KC 8S 6C 9D JD 6D 9C QC 7H 6H 7C TH JH 9H 8H JS TD 7S '
           'AH AS AD KD QD'),
)

ZUGER_SOLO_100 = Scenario(
    'zuger', dealer=3,
    hands=(
        'AC 6H 8H 9H JH QH AH 7D',
        '8C 7S 9S QS 7H KH JD AD',
        'JS TS TH 8D 9D QD KD TD',
        '7C 9C QC KC 6S 8S KS 6D',
    ),
    talon='6C JC TC AS',
    auction='bid:solo bid:pass bid:pass bid:pass trump:H',
    plays=('6H KH TH 6S JS 8S 8H 7S AH 7H TD 6D 9H AD 9D QC 7D JD KD 7C TS KS QH QS JH 9S QD '
           '9C AC 8C 8D KC'),
)

ZUGER_SOLO_20_WITH_TRICK = Scenario(
    'zuger', dealer=3,
    hands=(
        'TC AC 6S 8S 6H 7D KD AD',
        '7C 8C JC QC 7S QS TS AS',
        '6C 9C KC 7H QH TH 9D JD',
        'JS KS 8H JH AH 8D QD TD',
    ),
    talon='9S 9H KH 6D',
    auction='bid:solo bid:pass bid:pass bid:pass trump:H',
    plays=('6H QC 7H AH JH AD QS QH 6C 8H TC 7C TD KD 8C 9D KS 8S 7S TH 9C QD AC JC 7D TS JD '
           '8D KC JS 6S AS'),
)

ZUGER_SOLO_21_WITH_TRICK = Scenario(
    'zuger', dealer=3,
    hands=(
        'QC TC TS 6H 6D 9D KD AD',
        '8C 8H JH TH AH 7D 8D TD',
        '6C 7C 9C JC KC 8S KS 7H',
        'AC 6S 7S 9S JS AS 9H KH',
    ),
    talon='QS QH JD QD',
    auction='bid:solo bid:pass bid:pass bid:pass trump:S',
    plays=('6H AH 7H 9H TD KS 7S 9D 9C AC TC 8C 9S TS 7D 8S 6D 8D JC 6S AS AD JH 6C JS KD TH '
           'KC KH QC 8H 7C'),
)

ZUGER_SOLO_NO_TRICK = Scenario(
    'zuger', dealer=3,
    hands=(
        '8C 7S JS 6H JH TH 6D QD',
        '6C 9C KC AC QS KS AS 7H',
        'QC 8S TS KH JD KD TD AD',
        '7C JC 6S 9S 8H QH AH 8D',
    ),
    talon='TC 9H 7D 9D',
    auction='bid:solo bid:pass bid:pass bid:pass trump:D',
    plays=('JS AS 8S 9S KS TS 6S 7S AD 8D QD AC TD 8H 6D 9C KD 7C 6H 7H JD JC JH KC KH AH TH '
           'QS QH 8C 6C QC'),
)

ZUGER_SOLO_ALL_TRICKS = Scenario(
    'zuger', dealer=3,
    hands=(
        '6C 7C 8C TC AC 8D KD TD',
        'QS KS 7H KH AH 7D 9D QD',
        '9C JC 7S 8S TS 6H JD AD',
        'QC KC 9S AS 8H JH QH TH',
    ),
    talon='6S JS 9H 6D',
    auction='bid:solo bid:pass bid:pass bid:pass trump:C',
    plays=('AC AH 9C QC TC KH JC KC 8C 9D 6H QH 7C 7D JD JH 6C QD AD TH KD QS TS 9S TD KS 8S '
           'AS 8D 7H 7S 8H'),
)
ZUGER_TAPP_59 = Scenario(
    'zuger', dealer=3,
    hands=(
        '8C KC 8S KS TH 7D TD AD',
        '7C JC 7S 9S TS 8D JD KD',
        '6C TC AS 7H 8H JH 6D QD',
        '9C QC QS 6H 9H QH AH 9D',
    ),
    talon='AC 6S JS KH',
    auction='bid:tapp bid:pass bid:pass bid:pass discard:8C.AC.KS.TH trump:H',
    plays=('7D 8D QD 9D 7H AH KH 7C QH 6S 7S JH 6H 8S 9S 8H AS QS JS TS 6D 9H TD JD 9C KC JC '
           '6C AD KD TC QC'),
)

ZUGER_TAPP_60 = Scenario(
    'zuger', dealer=3,
    hands=(
        '8C 9C QC QS QH KH 9D AD',
        'KC AC 8S 6H AH 7D 8D KD',
        'TC 6S 7S KS 8H TH JD TD',
        'JC 9S JS TS AS 9H JH 6D',
    ),
    talon='6C 7C 7H QD',
    auction='bid:tapp bid:pass bid:pass bid:pass discard:7C.8C.QC.9D trump:H',
    plays=('KH AH TH JH 6H 8H 9H QH QS 8S KS TS JS 7H AC 7S 6C KC TC JC JD 6D QD 7D 9C KD TD '
           'AS AD 8D 6S 9S'),
)

ZUGER_TAPP_61 = Scenario(
    'zuger', dealer=3,
    hands=(
        'KC AC 9S QS 7H 9D QD TD',
        '6C 8C 6S 7S JS TH 8D JD',
        '9C JC 6H JH AH 6D 7D AD',
        'QC TC KS 8H 9H QH KH KD',
    ),
    talon='7C 8S TS AS',
    auction='bid:tapp bid:pass bid:pass bid:pass discard:AC.8S.QS.9D trump:S',
    plays=('TD 8D 6D KD 9S 6S 9C KS KH 7H TH AH 7D QC QD JD AS 7S JH 8H KC 6C JC TC 9H TS JS '
           '6H 7C 8C AD QH'),
)

ZUGER_TAPP_64 = Scenario(
    'zuger', dealer=3,
    hands=(
        '6C 7C AC AS 7H 8H QD KD',
        '8C QC 9S JS QS 9H AH 8D',
        '6S 7S 8S TS 6H TH 9D AD',
        '9C JC KC KS JH 7D JD TD',
    ),
    talon='TC QH KH 6D',
    auction='bid:tapp bid:pass bid:pass bid:pass discard:6C.7H.QH.KD trump:D',
    plays=('8H 9H TH JH TS KS AS JS KH AH 6H 7D 9C 7C QC AD 9D JD 6D 8D JC TC 8C 7S QD 9S 6S '
           'TD KC AC QS 8S'),
)

ZUGER_TAPP_65 = Scenario(
    'zuger', dealer=3,
    hands=(
        '9C QC 6S KS 9H QH 6D KD',
        '7C KC 7S 9S 8H 8D JD QD',
        '6C 8C TC 8S TS 6H JH 9D',
        'JS QS AS 7H TH AH 7D TD',
    ),
    talon='JC AC KH AD',
    auction='bid:tapp bid:pass bid:pass bid:pass discard:QC.AC.KS.KD trump:C',
    plays=('KH 8H 6H 7H 9H KC JH TH 7S 8S JS 6S 7D AD 8D 9D JC 7C 6C QS QH 9S TC AH TS AS 9C '
           'JD 6D QD 8C TD'),
)

ZUGER_TAPP_NO_TRICK_DISCARDS = Scenario(
    'zuger', dealer=3,
    hands=(
        '6C 8C 9C QS 6H 8H JH AD',
        'TC AC 8S TH AH JD QD KD',
        '6S 9S AS 7H 9H 7D 8D TD',
        '7C JC QC KC 7S TS QH KH',
    ),
    talon='JS KS 6D 9D',
    auction='bid:tapp bid:pass bid:pass bid:pass discard:9C.JS.8H.AD trump:S',
    plays=('KS 8S AS 7S 9S TS QS KD KH JH AH 9H AC 6S 7C 6C TD KC 9D JD 8D QH 6D QD TH 7H QC '
           '6H TC 7D JC 8C'),
)
