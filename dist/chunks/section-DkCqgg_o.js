import { I as InputError } from './postgres-url-BezLfty4.js';

/**
 * A config section checked when the file is read, whose problem is raised by the stage that uses it: a bad
 * `gate:` section fails a run that gates, not an `emit` that never does; bad prices fail only a run that
 * prices its GPUs.
 */
/** Check a section now; a user error is kept for its stage, anything else is a bug and propagates. */
function checkSection(read) {
    try {
        return { ok: true, value: read() };
    }
    catch (e) {
        if (e instanceof InputError)
            return { ok: false, error: e };
        throw e;
    }
}
/** The section's settings; its problem, when it has one, is thrown as the InputError it is. */
function sectionValue(section) {
    if (!section.ok)
        throw section.error;
    return section.value;
}

export { checkSection as c, sectionValue as s };
