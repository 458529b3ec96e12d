from django.db import migrations, models


def recount_private_matches(apps, schema_editor):
    """Private matches counted in the aggregates before: forget that their stats are up to date,
    so the catch-up job rewrites their rows as private and withdraws them from the aggregates
    (their old rows still say public, so everyone they fed is recomputed)."""
    MatchStatsState = apps.get_model("stats", "MatchStatsState")
    MatchStatsState.objects.exclude(match__visibility="public").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("stats", "0001_initial"),
        ("matches", "0005_match_uid"),
    ]

    operations = [
        migrations.AddField(
            model_name="matchparticipation",
            name="public",
            field=models.BooleanField(
                default=True,
                help_text="The match is public; only public matches count in the public aggregates.",
            ),
        ),
        migrations.RunPython(recount_private_matches, migrations.RunPython.noop),
    ]
