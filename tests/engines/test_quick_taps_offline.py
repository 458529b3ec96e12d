"""Quick taps without a network on a phone whose storage answers slowly, in Chromium, Firefox ESR
and WebKitGTK: every move the phone's referee checked and showed is queued once and in order,
and back online the queue is stored as the phone showed it (none lost, none doubled, none
refused)."""

from __future__ import annotations

import time

import pytest

from tests.browser.phone import db
from tests.engines.test_hat_trick_half import (
    SHOWN,
    _hat_trick_with_the_expansion,
    _stored,
    open_refereed,
)
from webapp.runtime import runtime_version

pytestmark = [
    pytest.mark.engines,
    pytest.mark.slow,
    pytest.mark.phone_only,
    pytest.mark.skipif(runtime_version() is None, reason="Pyodide is not installed (npm ci)"),
]

# Every opening of the phone's IndexedDB answers 150 ms late, as on a busy phone (the queue opens
# it for each read and each write): a tap's move takes a while to be queued.
SLOW_STORAGE = """() => {
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (...args) {
    const request = open.apply(this, args);
    return new Proxy(request, {
      set(target, key, value) {
        target[key] = key === "onsuccess" && value
          ? (event) => setTimeout(() => value.call(target, event), 150)
          : value;
        return true;
      },
      get(target, key) {
        const value = target[key];
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  };
  return true;
}"""

# A quick player: a random choice tapped as soon as the screen shows new choices, until the
# phone shows `n` moves (at most 60 s). The taps made.
QUICK_TAPS = """async (n) => {
  let x = 5;
  const rand = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const shown = () => Number(document.querySelector(".match-head")?.dataset.shown);
  const moves = () => document.querySelector("section.moves")?.innerHTML;
  const end = performance.now() + 60000;
  let taps = 0;
  while (shown() < n && performance.now() < end) {
    const before = moves();
    const ok = document.querySelector("#multi-ok");
    const buttons = [...document.querySelectorAll("section.moves button.move")];
    if (!buttons.length && !ok) { await new Promise((r) => setTimeout(r, 5)); continue; }
    (ok || buttons[Math.floor(rand() * buttons.length)]).click();
    taps += 1;
    const t0 = performance.now();
    while (moves() === before && performance.now() - t0 < 3000) {
      await new Promise((r) => setTimeout(r, 1));
    }
  }
  return taps;
}"""

# The queue of the match as IndexedDB holds it: the number of moves in it.
QUEUED = """(match) => new Promise((resolve, reject) => {
  const request = indexedDB.open("companion", 1);
  request.onsuccess = () => {
    const get = request.result.transaction("queue").objectStore("queue").get(match);
    get.onsuccess = () => resolve(get.result ? get.result.actions.length : 0);
    get.onerror = () => reject(get.error);
  };
  request.onerror = () => reject(request.error);
})"""


def test_quick_taps_offline_are_queued_once_and_in_order(
    engine, phones, table, make_user, token_for
):
    ann, match_id = _hat_trick_with_the_expansion(make_user)
    token = token_for(ann)
    phone = phones()
    phone.sign_in(token, "en")
    open_refereed(phone, match_id)
    table.network.cut()
    assert phone.evaluate(SLOW_STORAGE)
    taps = phone.evaluate(QUICK_TAPS, 20)
    moves = phone.evaluate(SHOWN)
    assert moves >= 20, (taps, moves)
    # every move shown is in the queue, once, once the last taps are handled (a tap waits for
    # the move before it)
    seen = []
    for _ in range(30):
        seen.append((phone.evaluate(SHOWN), phone.evaluate(QUEUED, match_id)))
        if len(seen) > 2 and seen[-1] == seen[-2] == seen[-3]:
            break
        time.sleep(0.5)
    moves, queued = seen[-1]
    assert queued == moves, seen
    assert "Not checked yet" not in phone.text("#hint")
    phone.shot("quick-taps-offline")
    table.network.restore()
    phone.evaluate("() => window.dispatchEvent(new Event('online'))")
    try:
        phone.wait(
            "(n) => document.querySelector('.match-head')?.dataset.seq === String(n)", moves, 60
        )
    except AssertionError as not_stored:
        head = phone.evaluate("() => ({...document.querySelector('.match-head').dataset})")
        refusal = phone.text("#queue-state") + " | " + phone.text("[role=alert]")
        stored = db(_stored, match_id)
        raise AssertionError(
            f"{not_stored}; on screen: {refusal} {head}; stored: {stored}"
        ) from None
    assert db(_stored, match_id) == list(range(1, moves + 1))
    phone.shot("quick-taps-stored")
    assert phone.count("[role=alert]") == 0, phone.text("[role=alert]")
