"""Frozen Dapp deals for the scoring tests: hands, auction and card play, found offline by a
seeded search for the stated outcome and kept here verbatim. The tests state the expected
results from the rules; the names say what each deal shows."""

from .helpers import Scenario

# -- dapp

DAPP_NORMAL_80 = Scenario(
    'dapp', dealer=2,
    hands=(
        '9C QC AC 8S JS AS 8H TH AH AD',
        '8C JC TC 7S 9S KS 7H JH QH KH',
        '7C KC QS TS 7D 8D 9D JD KD TD',
    ),
    talon='9H QD',
    options={'players': 3},
    auction='bid:play bid:pass bid:pass contract:normal trump:S',
    plays=('AS 7S TS JS KS QS 7H 7C TH AD 9S TD KH 7D 8H JC KC 9C KD 8S 8C AH QH 9D AC TC JD '
           'QC JH 8D'),
)

DAPP_NORMAL_81 = Scenario(
    'dapp', dealer=2,
    hands=(
        '8C JC KC JS KS 8H QH TH AH 9D',
        '7C 9C AC 7S QS AS 9H 8D KD TD',
        'QC TC 9S 7H JH KH 7D JD QD AD',
    ),
    talon='8S TS',
    options={'players': 3},
    auction='bid:play bid:pass bid:pass contract:normal trump:C',
    plays=('TH 9H KH KS QS 9S JC 9C TC AD 9D 8D QC 8C 7C QD KC TD 8H AC JH 7S JD JS QH AS 7H '
           'AH KD 7D'),
)

DAPP_NORMAL_40 = Scenario(
    'dapp', dealer=2,
    hands=(
        '7C QC 7S 8S 9S AS KH AH 8D KD',
        '8C TC AC QS TS 7H TH 7D 9D AD',
        'JC KC JS KS 8H 9H JH QH JD QD',
    ),
    talon='9C TD',
    options={'players': 3},
    auction='bid:play bid:pass bid:pass contract:normal trump:D',
    plays=('8S TS KS AC JC 7C AD QD KD QS JS 9S 7D JD 8D JH AH TH AS 9D 9H TC KC QC 8C 8H 7S '
           '7H QH KH'),
)

DAPP_NORMAL_39 = Scenario(
    'dapp', dealer=2,
    hands=(
        '8C JC TC 7S JS JH AH 8D 9D JD',
        'AC QS KS AS 7H 8H 9H QH KH QD',
        '9C QC KC 8S 9S TS TH 7D KD AD',
    ),
    talon='7C TD',
    options={'players': 3},
    auction='bid:play bid:pass bid:pass contract:normal trump:C',
    plays=('TC AC KC QS 8S JS QD KD 8D 7D 9D KS JC 9H QC TS 7S AS KH TH AH JD 8H AD 9S 8C 7H '
           'JH QH 9C'),
)

DAPP_HERZ_61 = Scenario(
    'dapp', dealer=2,
    hands=(
        '8C 9C 7H 8H 9H TH AH 7D 8D KD',
        'QC AC 7S 9S JS QS KS TS KH 9D',
        '7C JC KC 8S AS JH QH JD TD AD',
    ),
    talon='TC QD',
    options={'players': 3},
    auction='bid:play bid:pass bid:pass contract:herz',
    plays=('7D 9D JD AS 7H QS 8C AC JC TS 8S 8H 9C QC KC TD KD KH JS JH 9H QH TH 9S 8D KS AD '
           '7C AH 7S'),
)

DAPP_HERZ_60 = Scenario(
    'dapp', dealer=2,
    hands=(
        'JC QC AC TS 9H JH QH AH 8D 9D',
        '7C 8C 9C TC 7S 9S QS 7H QD KD',
        '8S JS KS AS KH TH 7D JD TD AD',
    ),
    talon='KC 8H',
    options={'players': 3},
    auction='bid:play bid:pass bid:pass contract:herz',
    plays=('AC 8C TH KH JH 7H JD 8D KD 9S KS TS AH 7C JS QH 7S AS JC 9C 7D 9H QD TD QC TC AD '
           'QS 8S 9D'),
)

DAPP_RAMSCH4_TIE_LAST = Scenario(
    'dapp', dealer=3,
    hands=(
        '7C TC 7S QS 8H 9H KD',
        'QC KH TH AH 8D TD AD',
        '9C KC AC 9S AS QH 9D',
        '8C JC KS 7H JH 7D QD',
    ),
    talon='8S JS TS JD',
    options={'players': 4},
    auction='bid:pass bid:pass bid:pass bid:pass',
    plays=('TC QC AC 8C AS KS 7S AD 9S QD QS TH KD 8D 9D 7D 9H AH QH 7H TD 9C JH 8H KH KC JC '
           '7C'),
)

DAPP_RAMSCH4_TIE_NONE_JUNGFRAU = Scenario(
    'dapp', dealer=3,
    hands=(
        '9C TC AC 9S TS TD AD',
        'KS AS 8H QH JD QD KD',
        '7C 7S 7H 9H AH 8D 9D',
        'JC QC KC QS KH TH 7D',
    ),
    talon='8C 8S JS JH',
    options={'players': 4},
    auction='bid:pass bid:pass bid:pass bid:pass',
    plays=('AD KD 9D 7D AC QH 7C QC TD QD 8D KC TS AS 7S QS JD AH JC TC 8H 9H KH 9S TH 9C KS '
           '7H'),
)

DAPP_RAMSCH3_TIE_NONE = Scenario(
    'dapp', dealer=2,
    hands=(
        '8C JC 9S 8H QH KH TH AH 9D KD',
        'KC TC QS KS AS 7H 9H JH QD TD',
        '7C 9C AC 8S JS TS 7D 8D JD AD',
    ),
    talon='QC 7S',
    options={'players': 3},
    auction='bid:pass bid:pass bid:pass',
    plays=('8C KC 7C KS JS 9S QD 8D KD JC TC AC 8S QH QS 7H JD 8H 9D TD AD 9C KH 9H TS AH AS '
           'JH 7D TH'),
)

DAPP_RAMSCH3_NO_JUNGFRAU = Scenario(
    'dapp', dealer=2,
    hands=(
        'QC KC TC 8S JS KS TS TH 8D 9D',
        '7C 9C AC 7S 9H JH QH 7D JD QD',
        '8C QS AS 7H 8H KH AH KD TD AD',
    ),
    talon='JC 9S',
    options={'players': 3},
    auction='bid:pass bid:pass bid:pass',
    plays=('TH 9H AH AD 9D 7D 8H 8S JH 7C 8C QC KS 7S QS TS QH AS TD 8D JD KD JS QD KH TC 9C '
           '7H KC AC'),
)

DAPP_RAMSCH5_JUNGFRAU = Scenario(
    'dapp', dealer=4,
    hands=(
        'QC JS KS TH 8D 9D',
        'KC TC 7S 8S TS JD',
        '9C AC 9H QH 7D QD',
        '7C JH KH KD TD AD',
        '8C QS AS 7H 8H AH',
    ),
    talon='JC 9S',
    options={'players': 5},
    auction='bid:pass bid:pass bid:pass bid:pass bid:pass',
    plays=('TH 7S QH JH 7H KS 8S 9C 7C QS QC TC AC KD 8C 7D TD 8H 9D JD KH AH JS TS 9H AS 8D '
           'KC QD AD'),
)

DAPP_RAMSCH4_ZERO_POINTS_WITH_TRICK = Scenario(
    'dapp', dealer=3,
    hands=(
        '9C TC QS KS AH 7D QD',
        '7C JC 7S TS 8H JH AD',
        'KC 8S 7H KH 8D 9D KD',
        '8C QC AC 9S 9H QH JD',
    ),
    talon='JS AS TH TD',
    options={'players': 4},
    auction='bid:pass bid:pass bid:pass bid:pass',
    plays=('QD AD 8D JD 7C KC 8C TC QS 7S 8S 9S 7D 8H 9D 9H 7H QH AH JH KS TS KD AC JC KH QC '
           '9C'),
)
