#!/usr/bin/env python3
"""Draws a photo of a bookshelf for the shelf-scan tests (issue 18), and says what is on it.

Books stand side by side on a wooden shelf. Some face out with a real ISBN barcode (EAN-13, drawn
by python-barcode) at a chosen size and tilt; the others show only their spine, with the title and
author printed down it (DejaVu Sans). The photo can then be turned, blurred and saved at a JPEG
quality, as a phone would. Nothing is downloaded: the same seed draws the same shelf.

    python3 make_shelf.py --seed 7 --barcodes 10 --spines 4 --out shelf.jpg --manifest shelf.json
        [--barcode-width 160] [--tilt 30 | --angle 45] [--turn 90] [--blur 0.8] [--quality 80] [--scale 1.0] [--rows 1]

The manifest lists each book: its ISBN, title and author, "barcode" or "spine", and its box
[x, y, width, height] in the saved photo's pixels.
Needs Pillow and python-barcode (PyPI).
"""
import argparse
import json
import random

from barcode import EAN13
from barcode.writer import ImageWriter
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
TITLES = [
    ("Piranesi", "Susanna Clarke"), ("Kindred", "Octavia E. Butler"), ("Circe", "Madeline Miller"),
    ("Middlemarch", "George Eliot"), ("The Left Hand of Darkness", "Ursula K. Le Guin"), ("Beloved", "Toni Morrison"),
    ("Dune", "Frank Herbert"), ("Solaris", "Stanislaw Lem"), ("Emma", "Jane Austen"), ("Ulysses", "James Joyce"),
    ("Gideon the Ninth", "Tamsyn Muir"), ("The Dispossessed", "Ursula K. Le Guin"), ("Pachinko", "Min Jin Lee"),
    ("Persuasion", "Jane Austen"), ("Jane Eyre", "Charlotte Bronte"), ("Frankenstein", "Mary Shelley"),
    ("Rebecca", "Daphne du Maurier"), ("The Hobbit", "J. R. R. Tolkien"), ("Dracula", "Bram Stoker"),
    ("Wolf Hall", "Hilary Mantel"),
]


def isbn13(rng):
    digits = [9, 7, rng.choice([8, 9])] + [rng.randrange(10) for _ in range(9)]
    check = (10 - sum(d * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits)) % 10) % 10
    return "".join(map(str, digits + [check]))


def barcode_image(code, width):
    """The barcode with its quiet zones and digits, scaled so that its bars (the 95 modules a reader
    measures) are `width` pixels wide."""
    image = EAN13(code, writer=ImageWriter()).render({"module_height": 12.0, "quiet_zone": 4.0, "font_size": 8, "text_distance": 3.0})
    grey = image.convert("L")
    row = [grey.getpixel((x, grey.height // 4)) for x in range(grey.width)]
    dark = [x for x, value in enumerate(row) if value < 128]
    scale = width / (dark[-1] - dark[0] + 1)
    return image.convert("RGB").resize((round(image.width * scale), round(image.height * scale)), Image.LANCZOS)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--barcodes", type=int, default=8)
    parser.add_argument("--spines", type=int, default=4)
    parser.add_argument("--barcode-width", type=int, default=180, help="width of the bars, in pixels")
    parser.add_argument("--tilt", type=float, default=0, help="largest tilt of a barcode, in degrees either way")
    parser.add_argument("--angle", type=float, default=None, help="every barcode tilted by exactly this, in degrees (instead of --tilt)")
    parser.add_argument("--turn", type=int, default=0, choices=[0, 90, 180, 270], help="turn the whole photo clockwise")
    parser.add_argument("--blur", type=float, default=0)
    parser.add_argument("--quality", type=int, default=90)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--rows", type=int, default=1, help="shelves one above the other")
    parser.add_argument("--isbns", default="", help="comma-separated ISBN-13s for the first barcodes (the rest are drawn at random)")
    parser.add_argument("--out", required=True)
    parser.add_argument("--manifest", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    given = [isbn for isbn in args.isbns.split(",") if isbn]

    books = [("barcode", *rng.choice(TITLES)) for _ in range(args.barcodes)]
    books += [("spine", *title) for title in rng.sample(TITLES, args.spines)]
    rng.shuffle(books)
    cover_width = max(round(args.barcode_width * 2.1) + 40, 200)
    spine_width = 90
    # Tall enough for the barcode and its digits (a barcode's height is about 0.75 of its width).
    shelf_height = max(700, round(args.barcode_width * 0.95) + 160)
    row_height = shelf_height + 120
    # The books in `rows` shelves one above the other, as many on each as will share them evenly.
    per_row = -(-len(books) // args.rows) if books else 0
    rows = [books[i:i + per_row] for i in range(0, len(books), per_row)] if books else [[]]
    width = max(40 + sum(cover_width if kind == "barcode" else spine_width for kind, _, _ in row) + 20 * len(row) for row in rows)
    photo = Image.new("RGB", (width, row_height * len(rows)), (120, 82, 45))
    draw = ImageDraw.Draw(photo)
    small = ImageFont.truetype(FONT, 24)
    placed = []
    for row_index, row in enumerate(rows):
        base = row_index * row_height
        draw.rectangle([0, base + shelf_height + 20, width, base + shelf_height + 60], fill=(90, 60, 30))
        x = 40
        for kind, title, author in row:
            colour = tuple(rng.randrange(60, 230) for _ in range(3))
            code = isbn13(rng)
            if kind == "barcode" and given:
                code = given.pop(0)
            if kind == "barcode":
                top = base + shelf_height + 20 - rng.randrange(shelf_height - 180, shelf_height - 40)
                draw.rectangle([x, top, x + cover_width, base + shelf_height + 20], fill=colour)
                draw.text((x + 16, top + 20), title[:14], font=small, fill=(20, 20, 20))
                mark = barcode_image(code, args.barcode_width)
                tilt = args.angle if args.angle is not None else rng.uniform(-args.tilt, args.tilt)
                mark = mark.convert("RGBA").rotate(tilt, expand=True, resample=Image.BICUBIC)
                bx = x + (cover_width - mark.width) // 2
                by = base + shelf_height - 40 - mark.height
                photo.paste(mark, (bx, by), mark)
                placed.append({"kind": "barcode", "isbn": code, "title": title, "author": author,
                               "box": [bx, by, mark.width, mark.height]})
                x += cover_width + 20
            else:
                top = base + shelf_height + 20 - rng.randrange(shelf_height - 140, shelf_height - 20)
                draw.rectangle([x, top, x + spine_width, base + shelf_height + 20], fill=colour)
                label = Image.new("RGBA", (shelf_height - 80, spine_width - 10), (0, 0, 0, 0))
                text = f"{title}  {author}"
                # The largest type that fits the spine, as a publisher would set it.
                size = next((s for s in range(34, 15, -2) if ImageFont.truetype(FONT, s).getlength(text) <= label.width - 20), 16)
                ImageDraw.Draw(label).text((10, 8), text, font=ImageFont.truetype(FONT, size), fill=(250, 250, 245))
                label = label.rotate(-90, expand=True)
                photo.paste(label, (x + 5, top + 10), label)
                placed.append({"kind": "spine", "isbn": code, "title": title, "author": author,
                               "box": [x, top, spine_width, base + shelf_height + 20 - top]})
                x += spine_width + 20

    if args.blur:
        photo = photo.filter(ImageFilter.GaussianBlur(args.blur))
    w, h = photo.size
    for book in placed:
        bx, by, bw, bh = book["box"]
        if args.turn == 90:
            book["box"] = [h - by - bh, bx, bh, bw]
        elif args.turn == 180:
            book["box"] = [w - bx - bw, h - by - bh, bw, bh]
        elif args.turn == 270:
            book["box"] = [by, w - bx - bw, bh, bw]
    if args.turn:
        photo = photo.rotate(-args.turn, expand=True)
    if args.scale != 1.0:
        photo = photo.resize((round(photo.width * args.scale), round(photo.height * args.scale)), Image.LANCZOS)
        for book in placed:
            book["box"] = [round(v * args.scale) for v in book["box"]]
    photo.save(args.out, quality=args.quality)
    with open(args.manifest, "w") as out:
        json.dump({"width": photo.width, "height": photo.height, "books": placed}, out, indent=1)


if __name__ == "__main__":
    main()
