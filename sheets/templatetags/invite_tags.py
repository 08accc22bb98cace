"""The GM's invite on the party page: {% invite_qr url %} (the link as a QR code, SVG)
and {% network_pages as pages %} (the page at this machine's network addresses when
the GM opened it at a loopback one). See sheets/invite_qr.py."""

from django import template

from sheets.invite_qr import invite_qr_svg, network_addresses_of_this_page

register = template.Library()


@register.simple_tag
def invite_qr(url):
    return invite_qr_svg(url)


@register.simple_tag(takes_context=True)
def network_pages(context):
    return network_addresses_of_this_page(context["request"])
