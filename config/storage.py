"""Static files: hashed names, precompressed (brotli and gzip) by ``collectstatic``
(servestatic's CompressedManifestStaticFilesStorage), served by ServeStatic with
far-future ``Cache-Control: immutable`` headers for the hashed names.

Before ``collectstatic`` has run (the test suite, a fresh checkout), a file has no
hashed name yet: its plain URL is used and ServeStatic serves it from the app and
project static folders (SERVESTATIC_USE_FINDERS), uncompressed, briefly cached."""

from servestatic.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    manifest_strict = False
    # The vendored bundles name source maps we do not ship: leave those comments alone
    # (rewriting them fails on the missing .map files); url() and @import still hashed.
    patterns = tuple(
        (extension, tuple(p for p in rules if "sourceMappingURL" not in str(p)))
        for extension, rules in CompressedManifestStaticFilesStorage.patterns
    )

    def stored_name(self, name):
        try:
            return super().stored_name(name)
        except ValueError:  # not collected: the plain name, found by the finders
            return name
