"""Views of one action on one row, by the signed-in user: ``POST`` on the row the path's ``pk``
names (accept an invitation, postpone a fixture...), its body read by the view's input
serializer, the service called, and the row it gives back answered by the output serializer.

    class InvitationAction(RowAction):
        output = InvitationOutput
        row = "invitation_id"


    @routes.at("invitations/<int:pk>/decline/", name="invitation-decline")
    @acting("Decline: the side stays a guest name", refusals={404: ..., 409: ...})
    class InvitationDeclineView(InvitationAction):
        service = staticmethod(services.invitation_decline)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.api.query import validated_body


class RowAction(APIView):
    # ``service`` is called as the signed-in user with the row's ``pk`` as its ``row`` keyword
    # and the body's fields (read by ``body``; None: the action takes no body) as the others,
    # unless ``act`` calls it otherwise; ``answer`` is what it gives back as ``output`` shows
    # it, 201 when ``acting`` says ``created``. (A comment, not a docstring: the schema would
    # take a docstring as the operations' description.)
    permission_classes = [IsAuthenticated]
    body: type[serializers.Serializer] | None = None
    output: type[serializers.Serializer]
    row: str
    service: Callable[..., Any]
    created = False

    def act(self, user, data: dict[str, Any], pk: int) -> Any:
        return type(self).service(**{self.row: pk}, user=user, **data)

    def answer(self, done: Any) -> Any:
        return self.output(done).data

    def post(self, request, pk: int) -> Response:
        data = validated_body(self.body, request) if self.body is not None else {}
        done = self.act(request.user, data, pk)
        answered = status.HTTP_201_CREATED if self.created else status.HTTP_200_OK
        return Response(self.answer(done), status=answered)


def acting(
    summary: str, *, refusals: dict, created: bool = False, **schema: Any
) -> Callable[[type[RowAction]], type[RowAction]]:
    """A ``RowAction``'s answer status, 201 when ``created`` (else 200), and the schema of its
    POST from the view's own serializers: its ``body`` as the request (None: no body), its
    ``output`` as the answer, ``refusals`` its error answers; ``schema``: further
    ``extend_schema`` arguments (a description)."""

    def declare(view: type[RowAction]) -> type[RowAction]:
        view.created = created
        return extend_schema_view(
            post=extend_schema(
                request=view.body,
                responses={201 if created else 200: view.output, **refusals},
                summary=summary,
                **schema,
            )
        )(view)

    return declare
