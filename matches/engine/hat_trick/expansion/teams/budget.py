"""Budget builds (HX-B2): a lineup priced against a budget card's defensive and offensive
stars, each player paid wholly from one pool."""

from __future__ import annotations

from dataclasses import dataclass, field

from matches.engine.hat_trick.expansion.teams.catalog import (
    NO_BUILD_CATALOG,
    POOLS,
    Card,
    budget_row,
    expansion,
    player_cards,
)
from matches.engine.hat_trick.expansion.teams.lineups import check_lineup
from matches.engine.i18n import N_
from matches.engine.teams import (
    JSON,
    BuildRequest,
    EditionData,
    Violation,
    card_names,
    violation,
)

Pools = dict[str, int]


def _pool_state(budget: Pools, spent: Pools) -> dict[str, dict[str, int]]:
    return {
        pool: {"budget": budget[pool], "spent": spent[pool], "left": budget[pool] - spent[pool]}
        for pool in POOLS
    }


def choose_pools(
    costs: list[int], fixed: Pools, budget: Pools
) -> tuple[tuple[str, ...], Pools, Pools]:
    """The pools of the free balanced players: ``(choice, spent, over)``.

    The best assignment has the least overspending in total, then the least in one pool, then
    the most stars left in the poorer pool; among equals, the first in the order that tries
    ``defensive`` before ``offensive`` for each player in turn. Found over the reachable
    defensive sums (not the 2**n assignments), so a long list of picks stays cheap.
    """
    total = sum(costs)
    # reach[i]: the defensive sums the players i.. can make
    reach: list[set[int]] = [set() for _ in range(len(costs) + 1)]
    reach[len(costs)] = {0}
    for i in range(len(costs) - 1, -1, -1):
        reach[i] = reach[i + 1] | {d + costs[i] for d in reach[i + 1]}

    def outcome(d: int) -> tuple[tuple[int, int, int], Pools, Pools]:
        spent = {"defensive": fixed["defensive"] + d, "offensive": fixed["offensive"] + total - d}
        over = {pool: max(0, spent[pool] - budget[pool]) for pool in POOLS}
        left = [budget[pool] - spent[pool] for pool in POOLS]
        return (sum(over.values()), max(over.values()), -min(left)), spent, over

    best_key = min(outcome(d)[0] for d in reach[0])
    targets = {d for d in reach[0] if outcome(d)[0] == best_key}
    choice: list[str] = []
    so_far = 0
    for i, cost in enumerate(costs):
        if any(t - so_far - cost in reach[i + 1] for t in targets):
            choice.append("defensive")
            so_far += cost
        else:
            choice.append("offensive")
    _, spent, over = outcome(so_far)
    return tuple(choice), spent, over


@dataclass
class _Priced:
    """The build's cards with their prices: pools paid for sure (``fixed``), the balanced
    players whose pool is chosen (``free``: their indexes), and what is wrong."""

    entries: list[dict[str, JSON]] = field(default_factory=list)
    fixed: Pools = field(default_factory=lambda: {pool: 0 for pool in POOLS})
    free: list[int] = field(default_factory=list)
    found: list[Violation] = field(default_factory=list)


def _price(
    exp: dict[str, JSON], cards: dict[str, Card], everyone: list[dict[str, JSON]]
) -> _Priced:
    gold_price = int(exp.get("gold_upgrade_price", 1))
    priced = _Priced()
    for pick in everyone:
        card = cards.get(pick["card"])
        entry: dict[str, JSON] = {
            "slot": pick["slot"],
            "card": pick["card"],
            "gold": bool(pick.get("gold", False)),
            "shield": card.get("shield") if card else None,
            "price": None,
            "cost": None,
            "pool": None,
        }
        priced.entries.append(entry)
        if card is None:
            continue
        price = int(card.get("price", 0))
        cost = price + (gold_price if entry["gold"] else 0)
        entry["price"], entry["cost"] = price, cost
        shield = card.get("shield")
        wanted = pick.get("pool")
        if shield in POOLS:
            if wanted and wanted != shield:
                priced.found.append(
                    violation(
                        "wrong_pool",
                        N_(
                            "{name} has the {shield} shield and is paid from the {shield} stars "
                            "only."
                        ),
                        params={"name": card_names(card, pick["card"]), "shield": shield},
                        rule="HX-B2.3",
                        slot=pick["slot"],
                        card=pick["card"],
                        shield=shield,
                        pool=wanted,
                    )
                )
            entry["pool"] = shield
            priced.fixed[shield] += cost
        elif wanted in POOLS:
            entry["pool"] = wanted
            priced.fixed[wanted] += cost
        else:
            priced.free.append(len(priced.entries) - 1)
    return priced


def _budget(
    exp: dict[str, JSON], orientation: str, budget_class: str
) -> tuple[Pools, list[Violation]]:
    budget = budget_row(exp, orientation, budget_class)
    if budget is not None:
        return budget, []
    missing = violation(
        "budget_row_missing",
        N_("This edition's budget cards have no row for {orientation}, class {budget_class}."),
        params={"orientation": orientation, "budget_class": budget_class},
        rule="HX-B2.1",
        orientation=orientation,
        budget_class=budget_class,
    )
    return {pool: 0 for pool in POOLS}, [missing]


def _overspent(priced: _Priced, budget: Pools, spent: Pools, over: Pools) -> list[Violation]:
    """HX-B2.4 when only splitting a balanced player would fit, else HX-B2.2 per pool."""
    total_cost = sum(spent.values())
    total_budget = sum(budget.values())
    splitting_would_fit = (
        priced.free
        and any(over.values())
        and total_cost <= total_budget
        and all(priced.fixed[pool] <= budget[pool] for pool in POOLS)
    )
    if splitting_would_fit:
        return [
            violation(
                "balanced_player_split",
                N_(
                    "The stars would suffice only if a balanced player were paid partly from "
                    "each pool; each player is paid wholly from one pool."
                ),
                rule="HX-B2.4",
                cards=[priced.entries[i]["card"] for i in priced.free],
                needed=total_cost,
                available=total_budget,
            )
        ]
    return [
        violation(
            f"{pool}_pool_exceeded",
            N_(
                "The players paid from the {pool} stars cost {spent}; the budget card "
                "allows {budget}."
            ),
            params={"pool": pool, "spent": spent[pool], "budget": budget[pool]},
            rule="HX-B2.2",
            pool=pool,
            spent=spent[pool],
            budget=budget[pool],
            over=over[pool],
        )
        for pool in POOLS
        if over[pool]
    ]


def check_build(data: EditionData, build: BuildRequest) -> dict[str, JSON]:
    """Check a budget build; answer ``{"valid", "violations", "pools", "picks", "bench"}``.

    ``picks`` are ``{"slot", "card", "gold", "pool"}``; ``pool`` (defensive/offensive) is
    optional and only chooses the pool of a balanced player: without it, the pool is chosen
    so that the build fits if any whole assignment does (HX-B2.4). ``bench`` cards
    (``{"card", "pool"}``) are paid like the others at their silver price (HX-B2.7).
    """
    exp = expansion(data, NO_BUILD_CATALOG)
    picks, bench, star_keeper = build.picks, build.bench or [], build.star_keeper
    found = check_lineup(exp, colour=build.colour, picks=picks, bench=bench, captain=build.captain)
    keeper_price = int(exp.get("star_keeper_price", 0))
    budget, missing = _budget(exp, build.orientation, build.budget_class)
    found.extend(missing)
    # Bench cards (HX-B2.7) come after the lineup's picks, with ``slot`` None and never gold.
    everyone: list[dict[str, JSON]] = [
        *(dict(p) for p in picks),
        *({**b, "slot": None, "gold": False} for b in bench),
    ]
    priced = _price(exp, player_cards(exp), everyone)
    found.extend(priced.found)
    if star_keeper:
        priced.fixed[exp.get("star_keeper_pool", "defensive")] += keeper_price
    # Choose the pools of the free balanced players: the fitting assignment if there is one,
    # otherwise the one that overspends least.
    costs = [priced.entries[i]["cost"] for i in priced.free]
    choice, spent, over = choose_pools(costs, priced.fixed, budget)
    for index, pool in zip(priced.free, choice, strict=True):
        priced.entries[index]["pool"] = pool
        priced.entries[index]["pool_chosen"] = True
    found.extend(_overspent(priced, budget, spent, over))
    on_pitch, on_bench = priced.entries[: len(picks)], priced.entries[len(picks) :]
    for entry in on_bench:
        del entry["slot"], entry["gold"]
    return {
        "valid": not found,
        "violations": found,
        "pools": _pool_state(budget, spent),
        "picks": sorted(on_pitch, key=lambda p: p["slot"]),
        "bench": on_bench,
        "star_keeper_cost": keeper_price if star_keeper else 0,
    }
