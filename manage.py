#!/usr/bin/env python
import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except Exception as error:
        from config.startup import configuration_problem

        message = configuration_problem(error)
        if message is None:
            raise
        sys.exit(f"Tableside cannot start: {message}")


if __name__ == "__main__":
    main()
