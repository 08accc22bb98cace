"""Rolls to Discord: the GM gives the party a Discord webhook (its settings page), and
every roll the party can see is posted there as an embed once it is saved and answered
(docs/discord.md). Secret rolls wait until the GM reveals them.

- ``webhooks``: what a webhook URL must look like, and how the GM sees it (masked);
- ``embeds``: a roll as Discord's embed (who, what, the dice, the outcome, the push);
- ``delivery``: one post, retried a bounded number of times with backoff, honouring a
  429's ``Retry-After``;
- ``outbox``: the one background thread that posts, fed through a bounded queue, and
  the hooks the roll path calls (``roll_saved``, ``roll_revealed``);
- ``models``: ``PartyWebhook``, the URL and how its last post went;
- ``views``, ``forms``: the GM's section of the party settings
  (``{% discord_section party %}``, rolls/templatetags/discord_tags.py).
"""
