from django.urls import path

from webapp import views

urlpatterns = [
    path("", views.shell, name="webapp-shell"),
    path("manifest.webmanifest", views.manifest, name="webapp-manifest"),
    path("sw.js", views.service_worker, name="webapp-sw"),
    path("games/<slug:key>.js", views.game_module, name="webapp-game"),
    path("referee-worker.js", views.referee_worker, name="webapp-referee-worker"),
    path("referee.json", views.referee, name="webapp-referee"),
    path("engine/<str:digest>.zip", views.engine, name="webapp-engine"),
]
