"""A stable identity for every match (kept in its match file), filled in for existing ones."""

import uuid

from django.db import migrations, models


def fill_uids(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    for match in Match.objects.filter(uid__isnull=True).only("id").iterator():
        Match.objects.filter(pk=match.pk).update(uid=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [("matches", "0004_invitations")]

    operations = [
        migrations.AddField(
            model_name="match",
            name="uid",
            field=models.UUIDField(null=True, editable=False),
        ),
        migrations.RunPython(fill_uids, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="match",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4,
                editable=False,
                unique=True,
                help_text=(
                    "The match's identity, kept by its match file: an import of it is recognised."
                ),
            ),
        ),
    ]
