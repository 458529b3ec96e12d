"""The public page of a match report: ``/matches/<id>/report/``, server-rendered HTML with
Open Graph tags, so that a link to it shows the report card in a messenger. A public finished
match only: anything else (a private match, one still running) is 404, to everyone."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _

from matches.models import Match, MatchStatus, Visibility
from stats import report as reports
from stats.report_svg import HEIGHT, WIDTH, rating_line

#: ``?lang=`` chooses the page's language (a shared link in the sender's); else the
#: reader's ``Accept-Language``.
LANGUAGES = ("en", "de")


def report_page(request, pk: int):
    match = (
        Match.objects.select_related("edition")
        .filter(pk=pk, visibility=Visibility.PUBLIC, status=MatchStatus.FINISHED)
        .first()
    )
    if match is None:
        raise Http404
    language = request.GET.get("lang")
    if language not in LANGUAGES:
        language = translation.get_language()
    with translation.override(language):
        report = reports.match_report(match)
        description = " · ".join(
            [report["score_line"], *[entry["text"] for entry in report["moments"][:2]]]
        )
        query = f"?lang={language}"
        title = _("{title}: {score} ({game})").format(
            title=report["title"], score=report["score_line"], game=report["game_name"]
        )
        context = {
            "report": report,
            "ratings": [rating_line(rating) for rating in report["ratings"]],
            "language": language,
            "title": title,
            "preview": _link_preview(
                title=title,
                description=description,
                image=request.build_absolute_uri(f"/api/matches/{pk}/report.png") + query,
                url=request.build_absolute_uri(f"/matches/{pk}/report/") + query,
                language=language,
            ),
            "svg": f"/api/matches/{pk}/report.svg{query}",
            "width": WIDTH,
            "height": HEIGHT,
        }
        response = render(request, "stats/report.html", context)
    response["Content-Language"] = language
    return response


def _link_preview(
    *, title: str, description: str, image: str, url: str, language: str
) -> list[tuple[str, str, str]]:
    """The page's ``<meta>`` tags as (attribute, its value, content): the description, the
    Open Graph tags of a link's preview (the report's PNG card), and Twitter's card."""
    return [
        ("name", "description", description),
        ("property", "og:type", "website"),
        ("property", "og:title", title),
        ("property", "og:description", description),
        ("property", "og:image", image),
        ("property", "og:image:type", "image/png"),
        ("property", "og:image:width", str(WIDTH)),
        ("property", "og:image:height", str(HEIGHT)),
        ("property", "og:image:alt", title),
        ("property", "og:url", url),
        ("property", "og:locale", "de_DE" if language == "de" else "en_GB"),
        ("name", "twitter:card", "summary_large_image"),
    ]
