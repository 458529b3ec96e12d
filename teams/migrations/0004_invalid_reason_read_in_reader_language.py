"""A team's or build's ``invalid_reason`` is no longer stored as an English sentence: it is said
in the reader's language from the stored violations when read. What the sentence held besides
them, the edition a re-check was made against ("Re-checked against <edition>: …"), moves to
``rechecked_against``."""

from django.db import migrations, models

PREFIX = "Re-checked against "


def edition_of_reason(reason: str) -> str:
    """The edition named by a stored reason's prefix ("" when it names none)."""
    if not reason.startswith(PREFIX):
        return ""
    edition, separator, _rest = reason[len(PREFIX) :].partition(": ")
    return edition[:200] if separator else ""


def keep_the_edition_rechecked_against(apps, schema_editor):
    for name in ("Team", "Build"):
        model = apps.get_model("teams", name)
        rows = model.objects.filter(invalid_reason__startswith=PREFIX).only("pk", "invalid_reason")
        for row in rows.iterator():
            row.rechecked_against = edition_of_reason(row.invalid_reason)
            row.save(update_fields=["rechecked_against"])


def back_to_a_stored_reason(apps, schema_editor):
    for name in ("Team", "Build"):
        model = apps.get_model("teams", name)
        for row in model.objects.exclude(violations=[]).iterator():
            text = "; ".join(
                f"{v.get('code')}: {v.get('message')}" for v in (row.violations or [])[:5]
            )
            if row.rechecked_against:
                text = f"{PREFIX}{row.rechecked_against}: {text}"
            row.invalid_reason = text
            row.save(update_fields=["invalid_reason"])


FIELD = models.CharField(
    blank=True,
    help_text="The edition the last re-check was made against, when that made it invalid.",
    max_length=200,
)


class Migration(migrations.Migration):
    dependencies = [
        ("teams", "0003_build_bench_captain"),
    ]

    operations = [
        migrations.AddField(model_name="build", name="rechecked_against", field=FIELD),
        migrations.AddField(model_name="team", name="rechecked_against", field=FIELD),
        migrations.RunPython(keep_the_edition_rechecked_against, back_to_a_stored_reason),
        migrations.RemoveField(model_name="build", name="invalid_reason"),
        migrations.RemoveField(model_name="team", name="invalid_reason"),
    ]
