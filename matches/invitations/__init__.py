"""Invitations: a side names a registered user only with that user's consent (``services``:
invite, accept, decline; ``selectors``: a match's and a user's invitations; ``api``: their
endpoints)."""
