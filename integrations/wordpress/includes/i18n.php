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

	/** The language the kasuwa text domain is loaded in now ('' when none of ours). */
	private static string $loaded = '';
	/** The language of the widget being rendered ('' for none). */
	private static string $current = '';

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

	/** The text domain in the user's language: a language pack WordPress knows of first, else ours. */
	public static function load(): void {
		$locale = determine_locale();
		self::$loaded = self::code( $locale );
		if ( load_plugin_textdomain( 'kasuwa', false, dirname( plugin_basename( KASUWA_PLUGIN_FILE ) ) . '/languages' ) ) {
			return;
		}
		self::load_ours( self::$loaded );
	}

	private static function load_ours( string $code ): void {
		$file = self::LOCALES[ $code ] ?? '';
		if ( '' !== $file ) {
			load_textdomain( 'kasuwa', dirname( KASUWA_PLUGIN_FILE ) . '/languages/kasuwa-' . $file . '.mo' );
		}
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

	/** Renders with the text domain in `$code` (our translation), then puts the user's language back. */
	public static function in_language( string $code, callable $render ): string {
		self::$current = $code;
		if ( '' === $code || $code === self::$loaded ) {
			try {
				return $render();
			} finally {
				self::$current = '';
			}
		}
		unload_textdomain( 'kasuwa' );
		self::load_ours( $code );
		try {
			return $render();
		} finally {
			self::$current = '';
			unload_textdomain( 'kasuwa' );
			self::load();
		}
	}
}
