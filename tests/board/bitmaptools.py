# bitmaptools.blit and fill_region (in C on a board).
def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None, skip_dest_index=None):
    x2 = source.width if x2 is None else x2
    y2 = source.height if y2 is None else y2
    for sy in range(y1, y2):
        for sx in range(x1, x2):
            dx = x + sx - x1
            dy = y + sy - y1
            if 0 <= dx < dest.width and 0 <= dy < dest.height:
                v = source[sx, sy]
                if v != skip_source_index and dest[dx, dy] != skip_dest_index:
                    dest[dx, dy] = v


def fill_region(dest, x1, y1, x2, y2, value):
    for y in range(y1, y2):
        for x in range(x1, x2):
            dest[x, y] = value
