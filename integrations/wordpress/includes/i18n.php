<?php
/**
 * The plugin's language (docs/embed-cms.md#languages). Its strings go through WordPress i18n under the
 * text domain `kasuwa`; languages/ holds the translations the build makes from our catalogs, named by
 * WordPress's locales (hau, yor, ibo, pcm). A widget and its fallback speak, in this order: the block's
 * or shortcode's `lang`, the post's language from a multilingual plugin (Polylang, WPML), the site's
 * locale; each mapped to our five languages, else no `lang` at all (the widget then follows the page).
 *
 * @package Kasuwa
 */

defined( 'ABSPATH' ) || exit;

final class Kasuwa_I18n {
	/** Our languages and the WordPress locale our translation of each is named by. */
	const LOCALES = array(
		'en'  => '',
		'pcm' => 'pcm',
		'ha'  => 'hau',
		'yo'  => 'yor',
		'ig'  => 'ibo',
	);
	/** Each language's other names (ISO 639-1 and 639-3), as a locale, a post language or a `lang` may give it. */
	const NAMES = array(
		'eng' => 'en',
		'hau' => 'ha',
		'yor' => 'yo',
		'ibo' => 'ig',
	);

	/** The language of the site's or user's locale, the one the `kasuwa` text domain speaks ('' when none of ours). */
	private static string $loaded = '';
	/** The language of the widget being rendered ('' for none). */
	private static string $current = '';
	/** Our translations by language, each read once from languages/: objects of our own, never the text domain. */
	private static array $translations = array();

	public static function register(): void {
		// Before the blocks are registered (init, 10): block.json's titles are translated then.
		add_action( 'init', array( self::class, 'load' ), 1 );
		add_filter( 'language_attributes', array( self::class, 'html_lang' ) );
	}

	/**
	 * WordPress prints its locale as <html lang> (`hau`); BCP 47, and our widgets (a modal a link opens,
	 * a tag written by hand), want the two-letter code where there is one (`ha`).
	 */
	public static function html_lang( $output ): string {
		return (string) preg_replace_callback(
			'/\blang="(hau|yor|ibo)(-[A-Za-z]{2})?"/',
			fn ( $m ) => 'lang="' . self::NAMES[ $m[1] ] . ( $m[2] ?? '' ) . '"',
			(string) $output
		);
	}

	/** One of our five codes for a locale or language tag (`hau`, `ha_NG`, `yo-NG`, `en_US`), else ''. */
	public static function code( string $locale ): string {
		$language = strtolower( (string) preg_split( '/[_-]/', $locale )[0] );
		$language = self::NAMES[ $language ] ?? $language;
		return isset( self::LOCALES[ $language ] ) ? $language : '';
	}

	/**
	 * The text domain in the user's language: a language pack WordPress knows of first, else ours
	 * (found by WordPress under the locale's own name, loaded here under another name: `ha_NG`).
	 */
	public static function load(): void {
		$locale       = determine_locale();
		self::$loaded = self::code( $locale );
		load_plugin_textdomain( 'kasuwa', false, dirname( plugin_basename( KASUWA_PLUGIN_FILE ) ) . '/languages' );
		$file = self::LOCALES[ self::$loaded ] ?? '';
		if ( '' !== $file && $file !== $locale && ! is_readable( WP_LANG_DIR . '/plugins/kasuwa-' . $locale . '.mo' ) ) {
			load_textdomain( 'kasuwa', self::file( $file ), $locale );
		}
	}

	private static function file( string $name ): string {
		return dirname( KASUWA_PLUGIN_FILE ) . '/languages/kasuwa-' . $name . '.mo';
	}

	/** Our translations into `$code` (English: none), read once per request. */
	private static function translations( string $code ): Translations {
		if ( ! isset( self::$translations[ $code ] ) ) {
			$mo   = new MO();
			$file = self::LOCALES[ $code ] ?? '';
			if ( '' !== $file && is_readable( self::file( $file ) ) ) {
				$mo->import_from_file( self::file( $file ) );
			}
			self::$translations[ $code ] = $mo;
		}
		return self::$translations[ $code ];
	}

	/**
	 * The language a widget renders in: its own `lang` when it is one of ours, else the post's language
	 * (Polylang, WPML), else the site's locale; '' when none is ours.
	 */
	public static function language( string $lang = '' ): string {
		$own = self::code( $lang );
		if ( '' !== $own ) {
			return $own;
		}
		$post = get_the_ID();
		if ( $post ) {
			if ( function_exists( 'pll_get_post_language' ) ) {
				$code = self::code( (string) pll_get_post_language( $post, 'locale' ) );
				if ( '' !== $code ) {
					return $code;
				}
			}
			$details = apply_filters( 'wpml_post_language_details', null, $post );
			if ( is_array( $details ) ) {
				$code = self::code( (string) ( $details['locale'] ?? $details['language_code'] ?? '' ) );
				if ( '' !== $code ) {
					return $code;
				}
			}
		}
		return self::code( get_locale() );
	}

	/** The language of the widget being rendered, for its `lang` attribute ('' for none). */
	public static function current(): string {
		return self::$current;
	}

	/**
	 * A string of the plugin in the widget's language: the text domain's when the widget speaks the
	 * user's language (or none of ours), else our own translations'. For words known only at run time
	 * (the plans' from widget-data.json), which the build puts into the .mo files.
	 */
	public static function text( string $english ): string {
		$own = '' === self::$current || self::$current === self::$loaded;
		return (string) ( $own ? get_translations_for_domain( 'kasuwa' ) : self::translations( self::$current ) )->translate( $english );
	}

	/** gettext_kasuwa while a widget in another language than the user's renders: our translation instead. */
	public static function gettext( $translation, $text ): string {
		return self::translations( self::$current )->translate( (string) $text );
	}

	/**
	 * Renders in `$code`: the plugin's strings come from our translations into it (a filter on the
	 * `kasuwa` domain while it renders), so the text domain itself is never unloaded or reloaded.
	 */
	public static function in_language( string $code, callable $render ): string {
		self::$current = $code;
		$other         = '' !== $code && $code !== self::$loaded;
		if ( $other ) {
			add_filter( 'gettext_kasuwa', array( self::class, 'gettext' ), 10, 2 );
		}
		try {
			return $render();
		} finally {
			if ( $other ) {
				remove_filter( 'gettext_kasuwa', array( self::class, 'gettext' ), 10 );
			}
			self::$current = '';
		}
	}
}
