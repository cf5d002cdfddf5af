# Spanish help pages (see help_en.py).
KEYS = "< %d/%d >  (B) volver"  # under each page
CONTROLS = (
    ("Flechas: mover, cambiar", "(A) elegir, reclamar", "(B) atrás, listo, pista", "Select: ver piedra",
     "  ((A) ¿reclamable?)", "Start: pausa"),
    ("Joystick: mover", "(A) elegir, reclamar", "(B) atrás, listo, pista", "Select: ver piedra",
     "  ((A) ¿reclamable?)", "Start: pausa"),
    ("Flechas: mover, cambiar", "Z: (A) elegir, reclamar", "X: (B) atrás, pista", "Espacio: Select, ver",
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
    ("Cartas tácticas (10)", "CO (2): cualquier carta", "ES: un 7, color libre", "PE: un 1, 2 o 3,",
     "  color libre", "Modos, en una piedra:", "GC: solo cuenta la suma", "BR: cuatro cartas"),
    ("Ardides (y al descarte)", "EX: roba 3, devuelve 2", "EG: mueve o descarta", "  una carta tuya",
     "BA: descarta una carta", "  del rival", "TR: pasa una carta de", "  clan del rival a ti"),
    ("Rivales", "Del más débil al más fuerte: %s.", "Dos jugadores: una", "  consola.", "Enlace: dos consolas."),
    ("Línea de arriba", "*: a quién le toca", "2-1: piedras, tú primero", "!: sin táctica ahora",
     "  (una más como mucho)", "1:0: rondas, tú primero", "C42 T6: los mazos"),
    ("Marcas", "Borde: piedra ganada", "Marco: la última jugada", "Flecha: carta robada", "Marcas de los colores:",
     "  R X, N cuadro,", "  A mancha, V raya,", "  Z barras, M punto"),
)
