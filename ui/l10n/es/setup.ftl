# Primera configuración: crear el primer organizador.

setup-title = Configurar Entrada
setup-lead = Crea el primer organizador: tú. Iniciarás sesión con este correo y esta contraseña.
setup-name-label = Tu nombre
setup-name-hint = Como lo verá tu personal.
setup-email-label = Tu correo
setup-email-hint = Lo usarás para iniciar sesión.
setup-password-label = Contraseña
setup-password-hint = Al menos { $min } caracteres. Unas cuantas palabras fáciles de recordar funcionan bien.
setup-password-show = Mostrar
setup-password-hide = Ocultar
setup-password-show-label = Mostrar la contraseña
setup-password-hide-label = Ocultar la contraseña

setup-strength-label = Seguridad de la contraseña
setup-strength-too-short = Demasiado corta
setup-strength-weak = Débil
setup-strength-fair = Aceptable
setup-strength-good = Buena
setup-strength-strong = Fuerte
setup-strength-hint-weak = Seguridad: débil. Fácil de adivinar: añade unas palabras más.
setup-strength-hint-fair = Seguridad: aceptable. Una o dos palabras más la harán más fuerte.
setup-strength-hint-good = Seguridad: buena.
setup-strength-hint-strong = Seguridad: fuerte.
setup-strength-short = Demasiado corta: { $count } de { $min } caracteres.

setup-submit = Crear organizador e iniciar sesión
setup-creating = Creando…
setup-signing-in = Iniciando sesión…
setup-name-missing = Escribe tu nombre.
setup-email-missing = Escribe tu correo.
setup-email-invalid = Esto no parece una dirección de correo.
setup-password-missing = Elige una contraseña de al menos { $min } caracteres.
setup-password-too-short = Demasiado corta: usa al menos { $min } caracteres (ahora { $count }).

setup-unreachable = No se puede conectar con Entrada. Comprueba que está en marcha y vuelve a intentarlo.
setup-already = Entrada ya está configurado. Inicia sesión.
setup-not-here = La configuración debe hacerse en el propio ordenador del quiosco. Abre Entrada en ese ordenador (en http://localhost:…) y configúralo allí.
setup-too-many = Demasiados intentos. Espera un minuto y vuelve a intentarlo.
setup-failed = Entrada no pudo hacerlo ({ $status }). Vuelve a intentarlo.
setup-failed-error = Entrada no pudo hacerlo ({ $status }: { $error }). Vuelve a intentarlo.
setup-sign-in-needed = Tu cuenta de organizador está lista. Inicia sesión con el correo y la contraseña que acabas de elegir.
