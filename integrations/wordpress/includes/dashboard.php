<?php
/**
 * The wp-admin dashboard widget "Kasuwa signups" (docs/partners.md): the partner's own counts, fetched
 * server-side from the signed link in Settings -> Kasuwa (format=json), cached 10 minutes in a transient.
 * A refused link or a server that does not answer gives one plain sentence, never a PHP warning.
 *
 * @package Kasuwa
 */

defined( 'ABSPATH' ) || exit;

final class Kasuwa_Dashboard {
	const TRANSIENT = 'kasuwa_partner_counts';
	const CACHE_SECONDS = 600;

	public static function register(): void {
		add_action( 'wp_dashboard_setup', array( self::class, 'add_widget' ) );
	}

	public static function add_widget(): void {
		if ( ! current_user_can( 'manage_options' ) || '' === Kasuwa_Settings::partner_link() ) {
			return;
		}
		wp_add_dashboard_widget( 'kasuwa_signups', __( 'Kasuwa signups', 'kasuwa' ), array( self::class, 'render' ) );
	}

	/** The counts as the link's JSON has them (docs/partners.md), or null when they could not be had. */
	public static function counts( string $link ): ?array {
		$cached = get_transient( self::TRANSIENT );
		if ( is_array( $cached ) && ( $cached['link'] ?? '' ) === $link ) {
			return $cached['counts'];
		}
		$response = wp_remote_get( add_query_arg( 'format', 'json', $link ), array( 'timeout' => 5 ) );
		if ( is_wp_error( $response ) || 200 !== (int) wp_remote_retrieve_response_code( $response ) ) {
			return null;
		}
		$counts = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( ! is_array( $counts ) || ! isset( $counts['thisWeek']['signups'], $counts['lastWeek']['signups'], $counts['allTime'] ) || ! is_array( $counts['weeks'] ?? null ) ) {
			return null;
		}
		set_transient( self::TRANSIENT, array( 'link' => $link, 'counts' => $counts ), self::CACHE_SECONDS );
		return $counts;
	}

	public static function render(): void {
		$counts = self::counts( Kasuwa_Settings::partner_link() );
		if ( null === $counts ) {
			echo '<p>' . esc_html__( 'Your Kasuwa numbers cannot be shown right now: the link was refused or Kasuwa did not answer. Try again later, or ask Kasuwa for a new link.', 'kasuwa' ) . '</p>';
			return;
		}
		$figures = array(
			__( 'This week', 'kasuwa' ) => (int) $counts['thisWeek']['signups'],
			__( 'Last week', 'kasuwa' ) => (int) $counts['lastWeek']['signups'],
			__( 'All time', 'kasuwa' )  => (int) $counts['allTime'],
		);
		echo '<dl class="kasuwa-figures">';
		foreach ( $figures as $label => $value ) {
			echo '<dt>' . esc_html( $label ) . '</dt><dd>' . esc_html( number_format_i18n( $value ) ) . '</dd>';
		}
		echo '</dl>';
		self::chart( $counts['weeks'] );
	}

	/** The weeks as bars, drawn here (no script), with the numbers in the bars' titles. */
	private static function chart( array $weeks ): void {
		$most = 0;
		foreach ( $weeks as $week ) {
			$most = max( $most, (int) ( $week['signups'] ?? 0 ) );
		}
		$count = max( 1, count( $weeks ) );
		$step  = 260 / $count;
		$title = __( 'Signups per week, last 26 weeks', 'kasuwa' );
		printf( '<svg viewBox="0 0 260 80" width="100%%" role="img" aria-label="%s">', esc_attr( $title ) );
		foreach ( array_values( $weeks ) as $i => $week ) {
			$signups = (int) ( $week['signups'] ?? 0 );
			$height  = $most ? (int) round( 70 * $signups / $most ) : 0;
			printf(
				'<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#0b6e4f"><title>%s</title></rect>',
				$i * $step + 1,
				75 - $height,
				max( 1, $step - 2 ),
				$height,
				esc_html( sprintf( '%s: %s', (string) ( $week['week'] ?? '' ), number_format_i18n( $signups ) ) )
			);
		}
		echo '<line x1="0" x2="260" y1="75" y2="75" stroke="#64748b"></line></svg>';
	}
}
