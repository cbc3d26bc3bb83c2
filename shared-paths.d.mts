/** The one alias of what the server and the web share: folder of `@shared/contracts` and `@shared/rules`. */
export const sharedAliases: Record<'@shared/contracts' | '@shared/rules', string>;
