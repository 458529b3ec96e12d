"""HTTP endpoints of joining by a code and of guests.

The creator of an open match makes a code for a side (``POST matches/{id}/join-codes/``: the
code, its link ``/app/join/<code>`` and the link's QR code as SVG) and may cancel it; whoever
scans it reads what it opens (``GET join/{code}/``) and plays the side from their account
(``accept/``) or as a guest (``guest/``: a guest's token and a claim token). A guest reads its
pass (``GET guest/``); the creator takes a side back from its guest
(``DELETE matches/{id}/guests/{side}/``); a signed-in account claims what a guest played
(``POST guest/claim/``). docs/api.md, "Joining by a code, and guests".
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.query import takes_body
from companion.api.ratelimit import ScopedRateThrottle
from companion.api.routes import Routes
from companion.errors import DomainError
from companion.openapi import error_response
from matches.fields import GameKeyField
from matches.guests import services
from matches.guests.authentication import GuestWelcome
from matches.guests.principal import is_guest
from matches.guests.qr import qr_svg
from matches.http.responses import NOT_FOUND
from matches.http.serializers import AcceptInput
from matches.models import MatchStatus, Visibility

routes = Routes()

#: Where a code's link opens the phone app.
JOIN_LINK = "/app/join/{code}"

_CODE_REFUSALS = {
    404: error_response(
        "The code has expired, its side is taken or its match is over; a code never made "
        "answers the same.",
        ["join_code_expired"],
    ),
    409: error_response(
        "The code was used already, or the host cancelled it.",
        ["join_code_used", "join_code_cancelled"],
    ),
}


class _Joining(APIView):
    """A request about a code: throttled per client address (or account), so that codes are
    guessed no faster than the ``join`` rate."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "join"


# --- the creator's codes -----------------------------------------------------------------------


class JoinCodeInput(serializers.Serializer):
    side = serializers.IntegerField(
        min_value=0, max_value=7, help_text="The side's position: whoever scans plays it."
    )


class JoinCodeOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="The code's id, to cancel it.")
    match = serializers.IntegerField()
    side = serializers.IntegerField()
    side_name = serializers.CharField()
    code = serializers.CharField(help_text="The code itself, shown this once (≥ 128 bits).")
    link = serializers.CharField(
        help_text="Where the code opens the phone app: `/app/join/<code>`."
    )
    url = serializers.URLField(help_text="The link on this server: what the QR code holds.")
    qr_svg = serializers.CharField(
        help_text="The QR code of `url`, an SVG document (black on white, 8 px a module)."
    )
    expires_at = serializers.DateTimeField(
        help_text="The code opens its side until then (and while the side is free)."
    )


@routes.at("matches/<int:pk>/join-codes/", name="match-join-codes")
class MatchJoinCodesView(APIView):
    permission_classes = [IsAuthenticated]

    @takes_body(
        JoinCodeInput,
        tags=["guests"],
        summary="A code (and its QR code) that lets a second phone play a side",
        description="The match's creator, while the match is in progress, makes a single-use "
        "code for a free side (no manager, no guest, nobody invited). Whoever scans its QR code "
        "opens `/app/join/<code>` and plays the side, signed in or as a guest. The code opens "
        "its side for 10 minutes (`JOIN_CODE_MINUTES`), until it is used or cancelled, and "
        "while the side is free.",
        responses={
            201: JoinCodeOutput,
            400: error_response("Malformed input, or no such side.", ["invalid", "no_such_side"]),
            403: error_response("Only the match's creator makes codes.", ["not_creator"]),
            **NOT_FOUND,
            409: error_response(
                "The match is over, or the side is taken or promised.",
                ["match_closed", "side_linked", "side_taken", "already_invited"],
            ),
        },
    )
    def post(self, request, data, pk: int):
        made = services.join_code_create(match_id=pk, user=request.user, position=data["side"])
        link = JOIN_LINK.format(code=made.text)
        url = request.build_absolute_uri(link)
        side = made.code.match.sides.get(position=made.code.position)
        answer = {
            "id": made.code.pk,
            "match": made.code.match_id,
            "side": made.code.position,
            "side_name": side.name,
            "code": made.text,
            "link": link,
            "url": url,
            "qr_svg": qr_svg(url, title=_("Scan to play {side}").format(side=side.name)),
            "expires_at": made.code.expires_at,
        }
        return Response(JoinCodeOutput(answer).data, status=status.HTTP_201_CREATED)


@routes.at("matches/<int:pk>/join-codes/<int:code_id>/", name="match-join-code")
class MatchJoinCodeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=["guests"],
        summary="Cancel a code (the match's creator): it opens nothing from now on",
        request=None,
        responses={
            204: OpenApiResponse(description="Cancelled (or expired already)."),
            404: error_response("No such code of a match of yours.", ["not_found"]),
            409: error_response("The code was used already.", ["join_code_used"]),
        },
    )
    def delete(self, request, pk: int, code_id: int):
        services.join_code_cancel(match_id=pk, user=request.user, code_id=code_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- the scanner's side ------------------------------------------------------------------------


class JoinOfferOutput(serializers.Serializer):
    match = serializers.IntegerField()
    game = GameKeyField()
    edition = serializers.IntegerField(
        help_text="The match's edition: a team brought must be of it."
    )
    visibility = serializers.ChoiceField(choices=Visibility.choices)
    side = serializers.IntegerField(help_text="The side the code opens.")
    side_name = serializers.CharField()
    sides = serializers.ListField(child=serializers.CharField(), help_text="Every side's name.")
    host = serializers.CharField(help_text="The username of the match's creator.")
    expires_at = serializers.DateTimeField()


@routes.at("join/<str:code>/", name="join-code")
class JoinCodeView(_Joining):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["guests"],
        summary="What a scanned code opens: the match and the side",
        description="Anyone with the code reads what it opens (the phone shows it before the "
        "scanner signs in, registers or plays as a guest). Reading uses nothing up.",
        responses={200: JoinOfferOutput, **_CODE_REFUSALS},
    )
    def get(self, request, code: str):
        join_code, match = services.join_code_read(text=code)
        sides = list(match.sides.order_by("position"))
        answer = {
            "match": match.pk,
            "game": match.game,
            "edition": match.edition_id,
            "visibility": match.visibility,
            "side": join_code.position,
            "side_name": sides[join_code.position].name,
            "sides": [side.name for side in sides],
            "host": match.created_by.username,
            "expires_at": join_code.expires_at,
        }
        return Response(JoinOfferOutput(answer).data)


def _side_of(match, side) -> dict:
    """The match and the side an answer is about: its position and name (``SideOfOutput``)."""
    return {"match": match.pk, "game": match.game, "side": side.position, "side_name": side.name}


class SideOfOutput(serializers.Serializer):
    # the fields ``_side_of`` fills, first in the answers about a side of a match (a comment,
    # not a docstring: the schema would take a docstring as its subclasses' description)
    match = serializers.IntegerField()
    game = GameKeyField()
    side = serializers.IntegerField()
    side_name = serializers.CharField()


class JoinAcceptInput(AcceptInput):
    pass


class JoinedOutput(SideOfOutput):
    side_name = serializers.CharField(help_text="The side's name now.")
    invitation = serializers.IntegerField(help_text="The invitation made and accepted.")
    team = serializers.IntegerField(allow_null=True, help_text="The team brought, if any.")


@routes.at("join/<str:code>/accept/", name="join-accept")
class JoinAcceptView(_Joining):
    permission_classes = [IsAuthenticated]

    @takes_body(
        JoinAcceptInput,
        tags=["guests"],
        summary="Play the side of a scanned code from your account",
        description="Uses the code up and links the side to you, as an invitation accepted: "
        "`{}`, or with one of your teams or builds, or a name (before the first move). Your "
        "phone then logs the side as any manager of the match does.",
        responses={
            200: JoinedOutput,
            400: error_response(
                "Malformed input, or a team or build not yours or of another edition.",
                ["invalid", "team_not_yours", "build_not_yours", "edition_mismatch"],
            ),
            404: _CODE_REFUSALS[404],
            409: error_response(
                "The code was used or cancelled; you play another side; the team is fixed.",
                ["join_code_used", "join_code_cancelled", "side_linked", "team_fixed"],
            ),
            422: error_response("A team that breaks the building rules.", ["@engine_refusal"]),
        },
    )
    def post(self, request, data, code: str):
        # the body's team, build or name (what AcceptInput reads), as the service takes them
        invitation = services.join_code_accept(text=code, user=request.user, **data)
        side = invitation.match.sides.get(position=invitation.position)
        answer = {
            **_side_of(invitation.match, side),
            "invitation": invitation.pk,
            "team": invitation.team_id,
        }
        return Response(JoinedOutput(answer).data)


class GuestPassOutput(serializers.Serializer):
    token = serializers.CharField(
        help_text="The guest's credential (`Authorization: Bearer guest-…`): the routes of "
        "this match alone, until the match ends or the host takes the side back."
    )
    claim_token = serializers.CharField(
        help_text="Keep it with the token: signed in later, `POST /api/guest/claim/` with it "
        "makes the match count for the account."
    )
    match = serializers.IntegerField()
    game = GameKeyField()
    side = serializers.IntegerField()
    side_name = serializers.CharField()
    visibility = serializers.ChoiceField(choices=Visibility.choices)


@routes.at("join/<str:code>/guest/", name="join-guest")
class JoinGuestView(_Joining):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["guests"],
        summary="Play the side of a scanned code as a guest, without an account",
        description="Uses the code up and answers with a guest's token for that side of that "
        "match, and a claim token. Nothing of the match counts for anyone on that side until "
        "an account claims it.",
        request=None,
        responses={
            201: GuestPassOutput,
            403: error_response(
                "A signed-in browser's request without its CSRF token.", ["permission_denied"]
            ),
            **_CODE_REFUSALS,
        },
    )
    def post(self, request, code: str):
        made = services.join_code_guest(text=code)
        answer = {
            "token": made.token,
            "claim_token": made.claim_token,
            **_side_of(made.match, made.side),
            "visibility": made.match.visibility,
        }
        return Response(GuestPassOutput(answer).data, status=status.HTTP_201_CREATED)


# --- guests ------------------------------------------------------------------------------------


class GuestOutput(SideOfOutput):
    created_at = serializers.DateTimeField()


@routes.at("guest/", name="guest-self")
class GuestView(GuestWelcome, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=["guests"],
        summary="The guest's own pass: its match and side (a guest's token only)",
        responses={
            200: GuestOutput,
            403: error_response("Not a guest's token.", ["permission_denied"]),
        },
    )
    def get(self, request):
        if not is_guest(request.user):
            raise DomainError("permission_denied", _("Only a guest's token has a guest pass."))
        guest_pass = request.auth
        side = guest_pass.match.sides.get(position=guest_pass.position)
        answer = {
            **_side_of(guest_pass.match, side),
            "created_at": guest_pass.created_at,
        }
        return Response(GuestOutput(answer).data)


class ClaimInput(serializers.Serializer):
    claim_token = serializers.CharField(
        max_length=200, help_text="The `claim_token` the guest's pass came with."
    )


class ClaimOutput(SideOfOutput):
    status = serializers.ChoiceField(choices=MatchStatus.choices)
    visibility = serializers.ChoiceField(choices=Visibility.choices)


@routes.at("guest/claim/", name="guest-claim")
class GuestClaimView(_Joining):
    permission_classes = [IsAuthenticated]

    @takes_body(
        ClaimInput,
        tags=["guests"],
        summary="Claim a match played as a guest on this phone: it counts for you from now on",
        description="Signed in, send the claim token kept with a guest's pass: the side the "
        "guest played is linked to your account, as an accepted invitation links it, and a "
        "finished match goes to the stats again (it counts once, however often it is "
        "claimed; a private match stays private). A pass still in use ends: your account "
        "logs the side from now on.",
        responses={
            200: ClaimOutput,
            404: error_response(
                "The claim token claims nothing (any more).", ["guest_claim_invalid"]
            ),
            409: error_response(
                "The host took the side back from the guest, the side is linked to a "
                "manager, or you play another side of the match.",
                ["guest_taken_back", "side_linked", "already_playing"],
            ),
        },
    )
    def post(self, request, data):
        guest_pass, side = services.guest_claim(claim_token=data["claim_token"], user=request.user)
        match = guest_pass.match
        answer = {
            **_side_of(match, side),
            "status": match.status,
            "visibility": match.visibility,
        }
        return Response(ClaimOutput(answer).data)


@routes.at("matches/<int:pk>/guests/<int:side>/", name="match-guest")
class MatchGuestView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=["guests"],
        summary="Take a side back from its guest (the match's creator)",
        description="The guest's pass ends at once: its token is refused (401 "
        "`guest_pass_ended`) and a live stream opened with it ends within a few seconds. The "
        "side is a guest name again, logged by the creator; nothing the guest played can be "
        "claimed.",
        request=None,
        responses={
            204: OpenApiResponse(description="The guest's pass has ended."),
            403: error_response("Only the match's creator takes a side back.", ["not_creator"]),
            404: error_response("No such match, or no guest plays the side.", ["not_found"]),
        },
    )
    def delete(self, request, pk: int, side: int):
        services.guest_take_back(match_id=pk, user=request.user, position=side)
        return Response(status=status.HTTP_204_NO_CONTENT)
