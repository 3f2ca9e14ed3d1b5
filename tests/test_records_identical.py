"""Records stay byte-identical: the engine's speed work must not change a single game.

Every registered game is simulated over a spread of seeds, options, setups and bots, and the
sha256 of each record's JSON text is compared with a digest taken from the engine as it was
before that work (commit 124b447). The digests, not the records, are stored here.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from calypso import simulate

Case = tuple[str, int, dict[str, Any], str | list[str] | None]


def _cases() -> list[Case]:
    cases: list[Case] = []
    for seed in range(6):
        cases += [("calypso", seed, {}, None), ("calypso", seed, {}, "greedy")]
    for seed in (11, 12):
        cases += [
            ("calypso", seed, {"trump_lead": "ruff-wins"}, "random"),
            ("calypso", seed, {"trump_lead": "ruff-wins"}, "greedy"),
            ("calypso", seed, {"all_fours": True}, "random"),
            ("calypso", seed, {"all_fours": True, "trump_lead": "ruff-wins"}, "greedy"),
            ("calypso", seed, {"trumps": "SCHD"}, "random"),
            ("calypso", seed, {"trumps": "CHDS"}, "greedy"),
            ("calypso", seed, {}, ["random", "greedy", "greedy", "random"]),
        ]
    cases += [
        ("calypso", 21, {"target": 3000}, "random"),
        ("calypso", 22, {"target": 2500, "trump_lead": "ruff-wins"}, "greedy"),
    ]
    for players in (3, 4):
        for setup in ("none", "balanced", "standard", "random", "random-equal"):
            for seed in (0, 1):
                options = {"players": players, "setup": setup, "hands": players}
                cases.append(("auction-calypso", seed, options, None))
        cases += [
            ("auction-calypso", 5, {"players": players}, None),
            (
                "auction-calypso",
                6,
                {"players": players, "trump_lead": "ruff-wins", "hands": 2 * players},
                None,
            ),
            (
                "auction-calypso",
                7,
                {"players": players, "all_fours": True, "hands": 2 * players},
                None,
            ),
        ]
    cases += [("call-bridge", seed, {}, None) for seed in range(4)]
    cases += [("call-bridge", 9, {"rounds": 3}, None), ("call-bridge", 10, {"target": 12}, None)]
    cases += [("collett-whist", n, {"players": n}, None) for n in range(3, 8)]
    return cases


CASES = _cases()

DIGESTS = (
    "3edc24753d4dd43ad2d8b3644dec845ff32e7f4af533d59cb81ca711c79f8c38",
    "c11013483b06d4ceab98718c5ad013a2e1bfe786806f887cb3b1a34a2ce08f63",
    "322998c4bc2eae8fd4ebabd4d668b32e63ebe93a6684a3dbb23e042ebe67a9d5",
    "c8b03abd9970930dcb90d4ed638f0dc8fd9bcba2f44534a607e0ed98b86e9237",
    "b7912b5a651adc2eebc90fe3daa759171c3437da8800aa2282335b19f97777ee",
    "52136ed8d04d4ee6397e31ec4e3abe5030c978ab287bcb8b825e7a5901966e5a",
    "2e014875df9e71f6435c123f9400413044fbeaee2c3b8f633a45a688db41308b",
    "a72f9df036b15b20185b709f2d83e51c2c884be3d782e6db15e67753ed5f400a",
    "12fd9aeb6e12f2a20ed519938db8ebd260511857fc9600c33ba4a99cc12d8e28",
    "d83f8e699b66d50f4eefb9b5933f4493affea603b080800aaadb8a9521c3d80c",
    "69bb75948c929363a1741942a1aae373f54e8d2ed02bf903fde52c53d521cf3f",
    "7b5414593d9b7967e094d3a0994596ce3813669bdf44076dc503967d22558286",
    "97302e0598c0cf453092b3e48cc5732ccb29d6adc0d77aa3ee371cac6e84a3d5",
    "c1e211ede5b8a3fe6ae173f1080ec4f955cb9f7bad36ce64b55b146f21cc9dfc",
    "ddd5c10b58ebb2fbc5c3025eb72f07796261a33dac7f48a776076de46c4009ef",
    "c21b756b120cbb2717af2e8c00550efc1318c9ac9cfe786808c2ba05d7ee76f9",
    "e460d0ab1c793af9fec17d60559eab081116bfd5807b674ea9ce78ab3069d16b",
    "1b98f6a5110ac4d0ccec658192ea3da3f2986355690b217a348289b35a4694ee",
    "022a42ca626c2f6bea8d9827cee525f735b71ef6d6a929468490f41e27e238db",
    "56c76eda51b23e712e7f7dbd2f1098028748690b2dbf324ba1329fdaed1472e6",
    "ce453215b288f2ce0539f777687413b57353ad43a3015fb4c3ffe6a7a487b0b7",
    "3ddbafc9174e537c8cf5c7761dfa2ea52e69eb46ed15dde69f3c847373b19199",
    "9706e45e307e1077e962ed3dcb96b7521431601161a075f22be77ccc3cf5df9a",
    "95c8b28cf6a82d1a63a93a23f6ecc3bcd14c6de9a970a1eef3e6bd88b97ebfd1",
    "2a9ab901d473ef35c3c36183a2ec4e4542da41a2dcc4ef395e8bac17e15a543d",
    "12799ce52c5cfbbe4beab3c99abcb545040696d3ef4a2eb4216fb26d65414740",
    "10bdcb0a56d29eea0285ba4487ff8762b1eeecf7b9cd3799944fa5734ae443ef",
    "fc2e2d93a7847ba7bf13470838284ae7be1e13aa84a1772c8fe9db01f5adb563",
    "e1b2eaf5ab24acdec3564fd14866ebca4ae76306c4ef721ab71b51ce39ab116f",
    "1a330c21dbd8984d0ac2090761193a67cea83a542e0733880a8e1046b8a94c17",
    "02f5eacdeaeb66c97e66886abdb3c65ac3efb3e3c10e6aa1479231f07526f3e8",
    "78470838596dc24d1f0dadb716615e9530ef3a08a3dbbfc9806fbc4d81ebe98e",
    "f00633f99aadc410a820c41eb55536e8fd2f4ea8cfa48ac76ce7bf302d98a6ca",
    "ff0548dde425dc887b96234ccddd638cfa3bcd927ed7b1842c37b170dfe9b0f3",
    "55e611b02f913c0ea07de0911af9078f8d21d94255e144b94960b6703fa96fdf",
    "af48cb9409b4599e91ee2b598b7e882573b601fc60a9d7a144aa21d5ad20e043",
    "625d5827c20a5c6ab7054fdf58b6bdbd0c74e22657ea00cf81030aaca73fc63f",
    "7b9e4e5e3ee13600f722afdc669643a09eceab307095d2682c7b47d3a92e95ed",
    "7d08713ca54de3f2e4ef2e3edf01586e1734477da8ad6d71cf1a499eb9d12cec",
    "85b95eaf4783b1c2ba2d193276878504e40178a63402b51c8cfa6a35b3a54429",
    "cca2ff920dc2d5c714402fcf6309450d2cbd65fc444cba3e8c8836080ce17cd0",
    "d868f517262c6ee5a465767bfc71736d6e1ccc58470576d52bfa24082a2c2a92",
    "b62c1d3422f0feef2d2c44b8fa0d1b39d22d63318c12b8958510f0c520497b98",
    "d07d9296beda4df0502492dffe2905dd5480fc64482c9ce064cb495cd05becf6",
    "442988bfc7a8b7d3808f11ab2fe16f7ba635f3f25727913d7c10dead1ec7deb1",
    "1e5dd5b011d3f45a23febdf19708bb273efc6d2f3f6a86bde647aed90456624a",
    "f3beac060f1f835a95dada4770e47b7c152bb31f3d4cb9684d84075f9677ba5e",
    "44f35e4daa714d7d6210205e25cf6fe320a00795a9798c41852713f38a5ed922",
    "7f7ae0dd9e94a860cb81ec8abd46b8f8766ab1b92876584b112a0059ebc59ac3",
    "67fcef810df935d2cb5e94e89534ed61efcc49c640159177447cf5e720c7ee2f",
    "b3d07bbdca906a708c7575e7c87e0773803a02626eba10d6a315190e63f62551",
    "968fbcc7a5d684fc4cd3694118fb56c8807fa9943599a872c3937d215d6c4167",
    "b9b8a109b1b66057276bc0345020941f7592a3273320142b670a6e5181d68ae7",
    "9bcc009b944c6c5d74f2f21ef06c0fc2c406c0ec737088d0eff7e77d723dac83",
    "c8bac98f784bb7b5d101313e658bf30a9b61583eb63d57921cbe6633f2e924fa",
    "5d029fc4e539099a4bd8c8fbc4c47a891f9c28fd81a003fadeb08f84100aeff8",
    "c7d70ec469b3ec6a8be0d4538da29651ef6867c8182a0b858508195076750554",
    "73a3d1affefbb91cce4a4502060e3530b4a64ecdedac41b9cf95487362abb191",
    "e5d010314b234f379a4efea393bdfda32db90260619d655d3633af692813a48e",
    "8d4e10d0596433358079bcbcddc5af713e720f9bf2c7796e4f812d39fad9c6fd",
    "967368ab404122f07383eeec3f5ec6e552afa9f78a3bbc98ec25f5cf4d10c87b",
    "feba38b6cd12d20f54d53fb542388b9c072a8825556bf6daa40af728a22d82f1",
    "8a9a9dff09e00e0cbacd0d12662b337cffb202742a6a94b662c5874e1eb6c6a8",
    "66217ad6110a864210bfacdea512aea3f63d4142f5b47bed654e2ae4fd48227d",
    "e4a6233ee8462f34a6858fc9e8ba01d212cd2abdef7f5eb9d6726922b908756e",
)
"""The sha256 of each case's record JSON, in the order of CASES, from the engine before."""


def _digest(case: Case) -> str:
    game, seed, options, bots = case
    text = simulate(game, seed, bots=bots, **options).to_json()
    return hashlib.sha256(text.encode()).hexdigest()


def test_every_case_has_its_digest() -> None:
    assert len(DIGESTS) == len(CASES)


@pytest.mark.parametrize(("case", "expected"), list(zip(CASES, DIGESTS, strict=True)), ids=repr)
def test_record_is_byte_identical(case: Case, expected: str) -> None:
    """The record's JSON text is byte for byte the one the engine wrote before (sha256)."""
    assert _digest(case) == expected
