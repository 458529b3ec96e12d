"""The HTTP surface of competitions: the views by feature, their shapes, errors and answers."""
