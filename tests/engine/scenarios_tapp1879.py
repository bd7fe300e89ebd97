"""Frozen Tapp 1879 deals for the scoring tests: hands, auction and card play, found offline
by a seeded search for the stated outcome and kept here verbatim. The tests state the
expected results from the rules; the names say what each deal shows."""

from .helpers import Scenario

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
