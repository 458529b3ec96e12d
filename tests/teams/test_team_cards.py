"""The 24 team cards of the reference catalog hold together (HX-B3, docs/teams.md)."""

from matches.engine.hat_trick.expansion.teams import catalog, lineups
from teams.catalogs import catalog_file


def hat_trick_expansion() -> dict:
    return catalog_file(catalog.CATALOG_FILE)


def test_24_team_cards_each_a_valid_lineup_with_value_and_strength_from_its_cards():
    exp = hat_trick_expansion()
    teams = exp["team_cards"]
    assert len(teams) == 24 and len({t["id"] for t in teams}) == 24
    cards = {c["design"]: c for c in exp["player_cards"] if c["colour"] == "blue"}
    for team in teams:
        picks = lineups.team_card_picks(exp, team["id"], "blue")
        assert not lineups.check_lineup(exp, colour="blue", picks=picks), team["id"]
        gold = set(team["gold"])

        def face(slot, team=team, gold=gold):
            return cards[team["lineup"][str(slot)]]["gold" if slot in gold else "silver"]

        value = (
            sum(cards[d]["price"] for d in team["lineup"].values())
            + len(gold) * exp["gold_upgrade_price"]
            + (exp["star_keeper_price"] if team["star_keeper"] else 0)
        )
        assert team["value"] == value, team["id"]
        assert team["strength"] == {
            "defence": sum(face(s)["defence"] for s in (2, 3, 4, 5)),
            "midfield": sum(face(s)["attack"] + face(s)["defence"] for s in (6, 7, 8, 10)) // 2,
            "attack": sum(face(s)["attack"] for s in (9, 11)),
        }, team["id"]
        assert team["style"] in catalog.STYLES
