"""Content negotiation that refuses a ``?format=`` outside the view's formats.

DRF ignores an empty ``?format=`` and answers an unknown one with a 404; the schema declares
the parameter as an enum of the view's formats, so either is a 400 ``invalid_choice`` here.
"""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.negotiation import DefaultContentNegotiation


class StrictFormatNegotiation(DefaultContentNegotiation):
    def select_renderer(self, request, renderers, format_suffix=None):
        name = self.settings.URL_FORMAT_OVERRIDE
        if not format_suffix and name and name in request.query_params:
            value = request.query_params[name]
            if value not in {renderer.format for renderer in renderers}:
                message = serializers.ChoiceField.default_error_messages["invalid_choice"]
                detail = ErrorDetail(str(message).format(input=value), code="invalid_choice")
                raise ValidationError({name: [detail]})
        return super().select_renderer(request, renderers, format_suffix)
