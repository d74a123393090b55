# Inscripción en puerta: el formulario y, después, «Inscripción hecha» con la vista previa de la acreditación.

walkin-title = Inscripción en puerta
walkin-loading = Cargando el formulario…
walkin-required-note = Los campos con * son obligatorios.
walkin-person = Persona
walkin-questions = Preguntas
walkin-check-in-now = Registrar la entrada ya
walkin-print-badge-now = Imprimir la acreditación
walkin-register = Inscribir
walkin-saving = Guardando…
walkin-not-accepted = El servidor no lo ha aceptado:

# Después de guardar
walkin-registered = Inscripción hecha
walkin-not-checked-in-yet = Aún sin entrar
walkin-check-in-failed = Inscripción hecha, pero no se pudo registrar la entrada
walkin-preparing-badge = Preparando la acreditación…
walkin-preview-unavailable = Vista previa de la acreditación no disponible: { $reason }
walkin-print-badge = Imprimir acreditación
walkin-print-failed = No se pudo imprimir.
walkin-open = Abrir
walkin-register-another = Inscribir a otra persona
