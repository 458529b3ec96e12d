from django.core.management.base import BaseCommand

from teams.services import reference_editions_load


class Command(BaseCommand):
    help = "Load the reference edition (catalog of printed card values) of every game."

    def handle(self, *args, **options):
        for edition in reference_editions_load():
            self.stdout.write(f"edition {edition} ready")
