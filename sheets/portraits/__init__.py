"""A character's portrait: uploaded by its owner or the party's GM, checked and
re-encoded (images), kept through Django's storage API (store), shown on the sheet, the
dashboard's and the feed's cards (templatetags/portrait_tags), and served only to those
who may see the character (views). docs/portraits.md."""
