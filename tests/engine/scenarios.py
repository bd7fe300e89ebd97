"""Frozen deals for the scoring tests: hands, auction and card play, found offline by a
seeded search for the stated outcome and kept here verbatim. The tests state the
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
# -- tapp1879: dealer 2, pot 4 before the ante (6 after it), seat 0 declares

T1879_CF_60 = Scenario(
    'tapp1879', dealer=2,
    hands=(
        'QC 6S 8S QS 9H KH TH 6D QD TD AD',
        '6C 7C 9C AC 7S KS TS 6H QH 7D KD',
        '8C JC KC 9S JS 7H 8H JH AH 8D 9D',
    ),
    talon='TC AS JD',
    pot=4,
    auction='bid:coeurfrage bid:pass bid:pass discard:9H.TH.TD',
    plays=('KH 6H 7H AD 7D 8D AS 7S 9S TC 6C KC QD KD 9D KS JS 6S AC 8C QC 9C JC QS AH JD QH '
           'JH 8S 7C 8H 6D TS'),
)

T1879_CF_61 = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '8C QC 8S KS TS 8H 9H QH TH TD AD',
        'JC KC 7S JS 6H AH 6D 7D 9D QD KD',
        '6C 7C AC 6S 9S QS AS 7H JH KH JD',
    ),
    talon='9C TC 8D',
    pot=4,
    auction='bid:coeurfrage bid:pass bid:pass discard:8C.TC.TD',
    plays=('TH AH JH 6D JD AD QC KC 6C 6H 7H 8H 8S JS QS 7C 9C JC 7S 9S TS 8D 7D KH AS KS QD '
           'AC 9H KD QH 9D 6S'),
)

T1879_CF_59 = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '8C JC KC TC 8S 9S JH KH 9D KD TD',
        '6C QC 6S QS KS TS 8H TH AH 6D JD',
        '7C 9C AC 7S JS AS 6H 9H 7D 8D AD',
    ),
    talon='7H QH QD',
    pot=4,
    auction='bid:coeurfrage bid:pass bid:pass discard:JC.8S.TD',
    plays=('7H TH 9H KS AS 9S AC 8C 6C 9C KC QC JH 8H 6H QH AH AD 6S 7S KH TC JD 7C 9D 6D 7D '
           'KD QS 8D QD TS JS'),
)

T1879_CF_64 = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '6C 7C 9C JC 7S 8S TS 6H 7H TH QD',
        '8C TC 6S QS 8H JH AH 6D 9D KD AD',
        'KC AC 9S JS KS AS 9H QH 7D JD TD',
    ),
    talon='QC KH 8D',
    pot=4,
    auction='bid:coeurfrage bid:pass bid:pass discard:7C.6H.8D',
    plays=('6C TC KC 9D 7D QD JC 8C AC KS 8S QS 9S 7S 6S 9H 7H AH JH QH KH 9C 8H AS KD JD TH '
           'QC 6D TD TS AD JS'),
)

T1879_CF_65 = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '6C AC 9S KS AS 8H QH TH 6D 9D JD',
        '7C 9C JC KC TC JS TS 9H 8D TD AD',
        '8C QC 6S 7S 8S 7H JH AH 7D QD KD',
    ),
    talon='QS 6H KH',
    pot=4,
    auction='bid:coeurfrage bid:pass bid:pass discard:KS.KH.TH',
    plays=('8H 9H JH 8C AC 9C 6D 8D QD 7D JD TD 7C QC 6C AH QH JC 6S QS JS 6H KC 7H 8S AS TS '
           '9S TC 7S 9D AD KD'),
)

T1879_CF_56 = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '9C 8S AS JH KH 6D 8D 9D JD TD AD',
        'QC KC 7S 9S JS 7H 8H 9H TH AH KD',
        '6C 7C 8C TC AC 6S QS TS 6H 7D QD',
    ),
    talon='JC KS QH',
    pot=4,
    auction='bid:coeurfrage bid:pass bid:pass discard:9C.JC.JD',
    plays=('8S JS 6S 9S QS AS KH 7H 6H AD KD QD QH 9H AC JH 8H 6C KS 7S TS TC 8D QC 8C 9D KC '
           'AH 7C TD TH 7D 6D'),
)

T1879_CF_55 = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '8C 7S 8S AS JH QH 6D QD KD TD AD',
        '6C 9C KC TC JS QS KS TS 9H AH 9D',
        '7C JC 6S 9S 6H 7H 8H KH 7D 8D JD',
    ),
    talon='QC AC TH',
    pot=4,
    auction='bid:coeurfrage bid:pass bid:pass discard:AC.6D.TD',
    plays=('TH 9H 7H 7S JS 6S 9D 7D AD QD AH 8D 9C 7C 8C KC JC QC TC KH JH JD KD 6C QH KS 6H '
           '8S QS 9S TS 8H AS'),
)

T1879_CF_NO_TRICK = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '6C 7C QC KS TS 6D 7D 8D 9D JD TD',
        'TC AC 7S 8S 9S QS 6H JH KH QD AD',
        '8C 9C KC 6S JS AS 9H QH TH AH KD',
    ),
    talon='JC 7H 8H',
    pot=4,
    auction='bid:coeurfrage bid:pass bid:pass discard:QC.KS.TD',
    plays=('TS QS AS QH 7H 6H AH 8H JH 6S JD 9S QD KD 9D 8C 6C TC KH TH 7C 9H 8D 7S KC JC AC '
           'AD JS 6D 8S 9C 7D'),
)

T1879_SOLO_61 = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '6C 7C 8C TC 7S QS TS 7H 8H AH 8D',
        'JC KC AC 9S JS AS 9H QH JD TD AD',
        '9C 6S 8S KS 6H JH TH 7D 9D QD KD',
    ),
    talon='QC KH 6D',
    pot=4,
    auction='bid:solo bid:pass bid:pass trump:C announce:none',
    plays=('TC KC 9C 7C JC 7D AS KS TS JS 8S 7S 9H TH AH 6C AC JH 9S 6S QS 8H QH 6H TD KD 8D '
           'AD 9D 8C 7H JD QD'),
)

T1879_SOLO_59 = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '8C 9C TC 7S 8S QS 8H JH 9D KD AD',
        '6C QC KC JS TS 9H KH AH 7D JD QD',
        '7C AC 6S 9S KS AS 6H 7H QH 6D 8D',
    ),
    talon='JC TH TD',
    pot=4,
    auction='bid:solo bid:pass bid:pass trump:C announce:none',
    plays=('8C 6C 7C 7S JS 6S 7D 6D 9D 8S TS 9S 9H 7H 8H AH 6H JH JD 8D KD QS KC KS KH QH 9C '
           'AD QD AC AS TC QC'),
)

T1879_SOLO_63 = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '8C TC 7S JS TS 7H QH 6D 7D 9D TD',
        '6C 9C JC QC KC 9S 6H 9H KH KD AD',
        '7C AC 6S 8S QS KS AS JH AH JD QD',
    ),
    talon='8H TH 8D',
    pot=4,
    auction='bid:solo bid:pass bid:pass trump:D announce:none',
    plays=('7H 9H AH 7C 8C 6C 6D KD QD 6H JH QH TD AD JD KH KS 9D 7D 9C AC TC JC 8S TS 9S QS '
           'JS QC AS 6S 7S KC'),
)

T1879_SOLO_NO_TRICK = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '6C 9C 6S 8S 9S 9H JH QH TH 9D TD',
        '7C 8C KC AC QS TS AS 6H 7H 7D QD',
        'QC TC 7S JS KS KH AH 6D 8D JD AD',
    ),
    talon='JC 8H KD',
    pot=4,
    auction='bid:solo bid:pass bid:pass trump:S announce:none',
    plays=('JH 7H KH AH TH 6H JS 9S AS 8C QC 9C AD TD 7D KS 8S QS TC 6C 7C 8D 9D QD AC 7S 6S '
           'JD QH TS KC 6D 9H'),
)

T1879_CS_70 = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '8C JC 6S KS 8H 9H JH KH AH QD AD',
        '9C 7S 8S 9S TS AS 6H 7H 6D 8D KD',
        '6C 7C QC KC TC JS QS QH TH 7D JD',
    ),
    talon='AC 9D TD',
    pot=4,
    auction='bid:coeursolo bid:pass bid:pass announce:none',
    plays=('JH 6H QH QC JC 9C 7C 8C 7H TS JS 6S 6D 7D QD 8H 8S TH 6C KH 7S 9H 8D JD AH 9S KC '
           'AD KD TC KS AS QS'),
)

T1879_CS_60 = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '6C KC TC JS TS AS 7H 7D JD QD KD',
        '7C 8C QC 6S KS QH KH TH 6D TD AD',
        '9C JC 7S 8S 9S 6H 8H 9H AH 8D 9D',
    ),
    talon='AC QS JH',
    pot=4,
    auction='bid:coeursolo bid:pass bid:pass announce:none',
    plays=('7H TH 6H 6S 8S AS 7D 6D 9D 8D KD AD TD 8H QD 9C TC QC TS KS 9S JS QH 7S 8C JC KC '
           'JD KH AH 9H 6C 7C'),
)

T1879_SOLO_TOUT_LOST = Scenario(
    'tapp1879', dealer=2,
    hands=(
        '9C AC 6S 7S 9S JH 7D 8D 9D QD AD',
        '6C QC TC 8S JS AS 8H QH JD KD TD',
        '7C JC KC QS KS TS 9H KH TH AH 6D',
    ),
    talon='8C 6H 7H',
    pot=4,
    auction='bid:solo bid:pass bid:pass trump:C announce:tout',
    plays=('AC TC JC 9C 6C 7C QD JD 6D 7S AS QS'),
)
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
