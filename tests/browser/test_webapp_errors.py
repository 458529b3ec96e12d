"""The form's failures in the player's words, in German: a manager not found by the name typed
and the side by the number the form gives it, a side without a name, an account that could
not be created (not "sign in failed"), and a wait in minutes."""

import json

import pytest

from tests.browser.phone import browser, phone, shot

pytestmark = [pytest.mark.browser, pytest.mark.phone_only]


def test_new_match_and_registration_failures_read_in_german(app_server, make_user, token_for):
    ann = make_user("ann")
    token = token_for(ann)
    with browser() as b:
        _, page = phone(b, app_server, token=token, language="de")
        page.goto("/app/#/new")
        page.get_by_label("Name der Seite 2").fill("Rovers")
        page.locator("input[name=invite1]").fill("nobody-here")
        page.get_by_role("button", name="Spiel beginnen").tap()
        alert = page.get_by_role("alert")
        alert.wait_for()
        assert alert.inner_text() == (
            "Das Spiel konnte nicht eröffnet werden: "
            "Es gibt keinen Trainer namens „nobody-here“ (Seite 2)."
        )
        shot(page, "70-new-match-user-not-found-de")

        page.locator("input[name=invite1]").fill("")
        page.get_by_label("Name der Seite 2").fill("   ")  # the form's check lets spaces by
        page.get_by_role("button", name="Spiel beginnen").tap()
        page.get_by_role("alert").filter(has_text="Seite 2 braucht einen Namen.").wait_for()

        # the API asks to wait 2716 seconds: said in minutes
        page.route(
            "**/api/matches/",
            lambda route: route.fulfill(
                status=429,
                content_type="application/json",
                body=json.dumps(
                    {"code": "throttled", "message": "…", "details": {"retry_after": 2716}}
                ),
            ),
        )
        page.get_by_label("Name der Seite 2").fill("Rovers")
        page.get_by_role("button", name="Spiel beginnen").tap()
        page.get_by_role("alert").filter(has_text="warte 46 Minuten").wait_for()

    with browser() as b:
        _, page = phone(b, app_server, language="de")
        page.goto("/app/")
        before = page.get_by_label("Benutzername").element_handle()
        page.get_by_role("button", name="Deutsch").tap()
        # the screen is drawn again in the chosen language: type into the new one
        page.wait_for_function("field => !field.isConnected", arg=before)
        page.get_by_label("Benutzername").fill("ann")  # taken
        page.get_by_label("Passwort").fill("a-long-secret-pw")
        page.get_by_role("button", name="Konto anlegen").tap()
        alert = page.get_by_role("alert")
        alert.wait_for()
        assert alert.inner_text().startswith("Das Konto konnte nicht angelegt werden: ")
        assert "Anmeldung" not in alert.inner_text()
        shot(page, "71-register-failed-de")
