"""The language of an answer: ``Accept-Language`` first, then the user's own choice.

``django.middleware.locale.LocaleMiddleware`` activates the language the request asks for
(``Accept-Language``, else ``settings.LANGUAGE_CODE``). Once DRF knows who is asking, the
authentication classes below switch to the user's saved preference, if there is one; the
middleware then names the language in the answer's ``Content-Language``. Token logins read the
preference in the same query as the token (``select_related``), so it costs nothing per request.
"""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist
from django.utils import translation
from drf_spectacular import authentication as schemes
from rest_framework import authentication


def preferred_language(user) -> str:
    """The language ``user`` chose, or ``""`` when they follow the request's."""
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    try:
        return user.preferences.language
    except ObjectDoesNotExist:
        return ""


def activate_preference(user) -> None:
    language = preferred_language(user)
    if language:
        translation.activate(language)


class _PreferenceMixin:
    def authenticate(self, request):
        result = super().authenticate(request)
        if result is not None:
            activate_preference(result[0])
            request._request.LANGUAGE_CODE = translation.get_language()
        return result


class TokenAuthentication(_PreferenceMixin, authentication.TokenAuthentication):
    def authenticate_credentials(self, key):
        model = self.get_model()
        try:
            token = model.objects.select_related("user", "user__preferences").get(key=key)
        except model.DoesNotExist:
            return super().authenticate_credentials(key)  # the same 401 as DRF's own
        if not token.user.is_active:
            return super().authenticate_credentials(key)
        return (token.user, token)


class SessionAuthentication(_PreferenceMixin, authentication.SessionAuthentication):
    pass


class TokenScheme(schemes.TokenScheme):
    """The OpenAPI description of the token login above: DRF's token scheme, unchanged."""

    target_class = "companion.i18n.TokenAuthentication"


class SessionScheme(schemes.SessionScheme):
    """The OpenAPI description of the session login above: DRF's session scheme, unchanged."""

    target_class = "companion.i18n.SessionAuthentication"
