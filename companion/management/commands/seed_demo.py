"""Demo data for a fresh machine: a demo account and the reference editions."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from teams.services import reference_editions_load

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "demo-companion"


class Command(BaseCommand):
    help = "Create the demo account (demo / demo-companion) and load the reference editions."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1:8000", help="where the server listens")

    def handle(self, *args, **options):
        reference_editions_load()
        User = get_user_model()
        user, created = User.objects.get_or_create(
            username=DEMO_USERNAME,
            defaults={"email": "demo@example.com", "is_staff": True, "is_superuser": True},
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
        from companion.demo import demo_data_create

        summary = demo_data_create(user=user)
        base = f"http://{options['host']}"
        self.stdout.write(
            "\n".join(
                [
                    "",
                    "Demo data ready: " + summary,
                    f"  Phone app:   {base}/app/",
                    f"  API root:    {base}/api/",
                    f"  Swagger UI:  {base}/api/docs/",
                    f"  Redoc:       {base}/api/redoc/",
                    f"  Admin:       {base}/admin/",
                    f"  Log in as '{DEMO_USERNAME}' with password '{DEMO_PASSWORD}' (admin and browsable API),",
                    f"  or get a token: curl -X POST {base}/api/auth/login/ "
                    f"-H 'Content-Type: application/json' "
                    f'-d \'{{"username": "{DEMO_USERNAME}", "password": "{DEMO_PASSWORD}"}}\'',
                    "",
                ]
            )
        )
