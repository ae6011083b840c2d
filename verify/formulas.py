def check_formulas(page, line_of_item):
    return []
