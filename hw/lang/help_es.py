# Spanish help pages (see help_en.py).
KEYS = "< %d/%d >  B: volver"  # under each page
CONTROLS = (
    ("Flechas: mover, cambiar", "A: elegir, reclamar", "B: atrás, listo", "Select: ver piedra",
     "  (A: ¿reclamable?)", "Start: pausa"),
    ("Joystick: mover", "A: elegir, reclamar", "B: atrás, listo", "Select: ver piedra",
     "  (A: ¿reclamable?)", "Start: pausa"),
    ("Flechas: mover, cambiar", "Z: A, elegir, reclamar", "X: B, atrás, listo", "Espacio: Select, ver",
     "  (Z: ¿reclamable?)", "Intro: Start, pausa", "Esc: salir"),
)
PAGES = (
    ("Controles",),
    ("Jugadas, de mejor a peor", "Escalera color: R3 R4 R5", "Trío: 7 7 7", "Color: Z2 Z5 Z9",
     "Escalera: R4 V5 Z6", "Suma: tres cartas", "Empate: mayor suma,", "  luego el más rápido"),
    ("Ganar", "5 piedras, o 3 piedras", "  seguidas.", "Reclama una piedra si", "  ninguna carta te la",
     "  quita (tu mano cuenta;", "  brilla oro).", "Colores: R N A V Z M"),
    ("Variantes", "Experta: reclamar", "  antes de jugar.", "Tácticas: 10 cartas", "  tácticas, su mazo;",
     "  una más que el otro", "  como mucho."),
    ("Rivales", "Aprendiz (el más", "  débil), Guerrero,", "Jefe (el más fuerte).", "Dos jugadores: una",
     "  consola.", "Enlace: dos consolas."),
    ("Marcas", "*: a quién le toca", "!: sin táctica ahora", "  (una más como mucho)", "Anillo: piedra ganada",
     "Marco: la última jugada", "Flecha: carta robada"),
)
